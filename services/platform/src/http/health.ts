import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../service/index.ts';
import { readiness, type Readiness } from '../platform/readiness.ts';
import { isDraining } from './shutdown.ts';

const Alive = Type.Object({ ok: Type.Literal(true) });
const Ready = Type.Object({ ok: Type.Boolean(), checks: Type.Record(Type.String(), Type.String()) });

/**
 * GET /healthz (liveness: the process answers; it touches nothing else) and
 * GET /readyz (this process can serve; 503 otherwise). A service's readiness
 * is its store reachable (readiness.ts says why only the store) and no SIGTERM received; the distributed gateway, which serves pages and
 * routes whatever state the services are in, gives its own.
 */
export interface HealthOptions {
  platform: Platform;
  /** Replaces the adapter pings as the readiness of this process. */
  readiness?: () => Promise<Readiness>;
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: Alive } }, logLevel: 'warn' },
    async () => ({ ok: true as const }),
  );
  app.get(
    '/readyz',
    {
      schema: { tags: ['health'], summary: 'This process can serve', response: { 200: Ready, 503: Ready } },
      logLevel: 'warn',
    },
    async (request, reply) => {
      // After SIGTERM the process is going away: no new traffic, whatever its adapters and upstreams say.
      if (isDraining(request.server.server))
        return reply.code(503).send({ ok: false, checks: { process: 'draining' } });
      const { ok, checks } = await (options.readiness?.() ?? readiness(options.platform));
      return reply.code(ok ? 200 : 503).send({ ok, checks });
    },
  );
}
