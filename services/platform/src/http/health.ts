import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../service/index.ts';
import { readiness } from '../platform/readiness.ts';

const Alive = Type.Object({ ok: Type.Literal(true) });
const Ready = Type.Object({ ok: Type.Boolean(), checks: Type.Record(Type.String(), Type.String()) });

/** GET /healthz (the process answers) and GET /readyz (every adapter reachable; 503 otherwise). */
export async function healthRoutes(app: FastifyInstance, options: { platform: Platform }): Promise<void> {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: Alive } }, logLevel: 'warn' }, async () => ({ ok: true as const }));
  app.get('/readyz', { schema: { tags: ['health'], summary: 'Every adapter is reachable', response: { 200: Ready, 503: Ready } }, logLevel: 'warn' }, async (_request, reply) => {
    const result = await readiness(options.platform);
    return reply.code(result.ok ? 200 : 503).send(result);
  });
}
