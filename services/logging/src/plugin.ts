import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt, requireAdminCaller } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import { LogFilter } from '@talkwith/proto/logging';
import { loadLoggingConfig } from './config.ts';
import { LOGGED_EVENTS, logsIn, openLogs, recordEvent } from './log-store.ts';

/** Logging: stores real-time client logs and audited domain events; admins filter them. */
export const loggingPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config, env }) => {
  const own = loadLoggingConfig(env);
  await ensureJwt(app, config.JWT_SECRET);
  const logs = await openLogs(platform.store);
  let consumer: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    consumer = await platform.events.consume('logging', LOGGED_EVENTS, (event, tx) => recordEvent(logsIn(tx), event, own.CLIENT_LOG_RETENTION_DAYS));
  });
  app.addHook('onClose', async () => { await consumer?.close(); });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/logging/healthz', { schema: { tags: ['logging'], summary: 'logging service alive', response: { 200: ServiceAlive } } }, async () => ({ ok: true as const, service: 'logging' }));
  api.post('/api/admin/logs/filter', { schema: { tags: ['logging', 'admin'], summary: 'Filter stored logs, newest first', body: LogFilter } }, async (request) => {
    await requireAdminCaller(request);
    const { page, limit, ...criteria } = request.body;
    const filter = Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined));
    const [items, total] = await Promise.all([
      logs.find(filter, { sort: { at: -1 }, skip: (page - 1) * limit, limit }),
      logs.countDocuments(filter),
    ]);
    return { ok: true as const, total, logs: items };
  });
};
