import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import { loadLoggingConfig } from './config.ts';
import { migrateLegacyEntries } from './entries/legacy.ts';
import { openLogs } from './entries/model.ts';
import { exportRoutes } from './export/routes.ts';
import { filterRoutes } from './filter/routes.ts';
import { refuseUnknownFields } from './http/strict-validation.ts';
import { ClientLineWriter, consumeClientLines } from './ingest/client-lines.ts';
import { LineBudgets } from './ingest/line-budgets.ts';
import { consumeServiceEvents } from './ingest/service-events.ts';
import { summaryRoutes } from './summary/routes.ts';
import { LogTailHub } from './tail/hub.ts';
import { tailRoutes } from './tail/routes.ts';
import { ensureLogUserIndexes, onUserEvent, USER_EVENTS } from './users/model.ts';
import { userRoutes } from './users/routes.ts';

type Closer = { close(): Promise<void> };

/** Logging: stores client lines, service and audit entries; admins filter, export, summarise and tail them (services/logging/API.md). */
export const loggingPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config, env }) => {
  const own = loadLoggingConfig(env);
  await ensureJwt(app, config.JWT_SECRET);
  refuseUnknownFields(app);
  const logs = await openLogs(platform.store);
  await migrateLegacyEntries(platform.store);
  await ensureLogUserIndexes(platform.store);
  const hub = new LogTailHub();
  const budgets = new LineBudgets(platform.cache, own);
  const writer = new ClientLineWriter({
    platform,
    retention: own.retentionDays,
    tail: hub,
    batchSize: own.LOG_INGEST_BATCH,
    budgets,
  });
  const consumers: Closer[] = [];
  app.addHook('onReady', async () => {
    consumers.push(await consumeServiceEvents(platform, own.retentionDays, hub));
    consumers.push(await consumeClientLines(writer, platform));
    consumers.push(await platform.events.consume('logging-users', USER_EVENTS, (event, tx) => onUserEvent(tx, event)));
    // After subscribing, so the answer reaches the group: identity announces every account again (user.announced),
    // which rebuilds log_users when the bus no longer holds the accounts' history (a Redis restarted empty, a trimmed stream).
    await platform.events.publish('facts.requested', 'identity', { owner: 'identity', by: 'logging' });
  });
  app.addHook('onClose', async () => {
    for (const consumer of consumers.splice(0)) await consumer.close();
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/logging/healthz',
    {
      schema: { tags: ['logging'], summary: 'logging service alive', response: { 200: ServiceAlive } },
    },
    async () => ({ ok: true as const, service: 'logging' }),
  );
  await app.register(filterRoutes, { logs });
  await app.register(exportRoutes, { logs });
  await app.register(summaryRoutes, { store: platform.store });
  await app.register(tailRoutes, { platform, hub });
  await app.register(userRoutes, { store: platform.store });
};
