import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt, requireAdminCaller } from '@talkwith/platform/http';
import { LOGGED_EVENTS, openLogs, recordEvent } from './log-store.ts';

const LogFilter = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 100 })),
  user_id: Type.Optional(Type.String({ maxLength: 100 })),
  kind: Type.Optional(Type.Union([Type.Literal('client'), Type.Literal('event')])),
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
}, { additionalProperties: false });

/** Logging: stores real-time client logs and audited domain events; admins filter them. */
export const loggingPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  await ensureJwt(app, config.JWT_SECRET);
  const logs = await openLogs(platform.store);
  let consumer: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    consumer = await platform.events.consume('logging', LOGGED_EVENTS, (event) => recordEvent(logs, event));
  });
  app.addHook('onClose', async () => { await consumer?.close(); });

  app.get('/api/logging/healthz', { schema: { tags: ['logging'], summary: 'logging service alive' } }, async () => ({ ok: true as const, service: 'logging' }));
  app.post('/api/admin/logs/filter', { schema: { tags: ['logging', 'admin'], summary: 'Filter stored logs, newest first', body: LogFilter } }, async (request) => {
    await requireAdminCaller(request);
    const { page, limit, ...criteria } = request.body as { page: number; limit: number; type?: string; user_id?: string; kind?: string };
    const filter = Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined));
    const [items, total] = await Promise.all([
      logs.find(filter, { sort: { at: -1 }, skip: (page - 1) * limit, limit }),
      logs.countDocuments(filter),
    ]);
    return { ok: true as const, total, logs: items };
  });
};
