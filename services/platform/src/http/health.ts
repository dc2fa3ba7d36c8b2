import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../service/index.ts';
import { readiness } from '../platform/readiness.ts';

const Alive = Type.Object({ ok: Type.Literal(true) });
const Ready = Type.Object({ ok: Type.Boolean(), checks: Type.Record(Type.String(), Type.String()) });

/** GET /healthz (the process answers) and GET /readyz (every adapter reachable; 503 otherwise). */
export interface HealthOptions {
  platform: Platform;
  /** More readiness checks (the distributed gateway asks each service's /readyz); a value other than 'ok' fails. */
  extraChecks?: () => Promise<Record<string, string>>;
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: Alive } }, logLevel: 'warn' }, async () => ({ ok: true as const }));
  app.get('/readyz', { schema: { tags: ['health'], summary: 'Every adapter is reachable', response: { 200: Ready, 503: Ready } }, logLevel: 'warn' }, async (_request, reply) => {
    const [own, extra] = await Promise.all([readiness(options.platform), options.extraChecks?.() ?? Promise.resolve({})]);
    const checks = { ...own.checks, ...extra };
    const ok = Object.values(checks).every((v) => v === 'ok');
    return reply.code(ok ? 200 : 503).send({ ok, checks });
  });
}
