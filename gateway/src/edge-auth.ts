import jwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@talkwith/platform';
import { messages, sessionIsCurrent } from '@talkwith/platform/http';
import { METRICS_PATH } from '@talkwith/platform/metrics';

/** Session calls that must reach identity even with an expired access token (it decides). */
const PASS_THROUGH = new Set(['/api/auth/login', '/api/auth/refresh', '/api/auth/logout', '/api/auth/signup']);

/**
 * JWT verification at the edge: a request carrying a Bearer token is
 * verified here (request.user is set) or refused with 401 before any service
 * runs. Requests without one pass; the routes that need a user say so.
 */
async function edgeAuth(app: FastifyInstance, options: { secret: string }): Promise<void> {
  await app.register(jwt, { secret: options.secret });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const path = request.url.split('?')[0] ?? '';
    // /metrics checks its own bearer token (METRICS_TOKEN), which is no JWT; the health probes touch nothing (no cache lookup).
    if (PASS_THROUGH.has(path) || path === METRICS_PATH || path === '/healthz' || path === '/readyz') return;
    try {
      await request.jwtVerify();
    } catch {
      throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    }
    // A revoked session (log-out, password or role change, deletion) stops here too.
    if (!(await sessionIsCurrent(app.platform.cache, request.user)))
      throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  });
}

export const edgeAuthPlugin = fp(edgeAuth, { name: 'talkwith-edge-auth' });
