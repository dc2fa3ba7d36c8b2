import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.ts';
import type { Platform } from '../service/index.ts';
import { messages } from './error-reply.ts';
import { sessionIsCurrent } from './session-version.ts';

/** The claims of an access token (signed by identity, verified at the gateway and again by each service). */
export interface Caller {
  sub: string;
  roles: string[];
  /** The account still has a password it was given (the first admin's printed one): admin routes refuse until it is changed. */
  passwordChangeRequired?: boolean;
}

/** Registers @fastify/jwt unless an outer scope (the gateway) already did, so a plugin runs mounted or alone. */
export async function ensureJwt(app: FastifyInstance, secret: string | undefined): Promise<void> {
  if (app.hasDecorator('jwt')) return;
  if (!secret) throw new AppError('INTERNAL', 'JWT_SECRET is not configured');
  await app.register(jwt, { secret });
}

/**
 * The verified caller of a request: a valid access token whose session version
 * is still current (see session-version.ts), so log-out, a password change, a
 * role change or deletion end it at once instead of when it expires. The cache
 * comes from the `platform` decorator every server (gateway, service) sets.
 */
export async function requireCaller(request: FastifyRequest): Promise<Caller> {
  let claims: Caller & { sv?: unknown; pwc?: unknown };
  try {
    claims = await request.jwtVerify<Caller & { sv?: unknown; pwc?: unknown }>();
  } catch {
    throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  }
  const platform = (request.server as { platform?: Platform }).platform;
  if (!platform) throw new AppError('INTERNAL', 'no platform decorated: session versions cannot be checked');
  if (!(await sessionIsCurrent(platform.cache, claims)))
    throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return {
    sub: String(claims.sub),
    roles: Array.isArray(claims.roles) ? claims.roles : [],
    ...(claims.pwc === true ? { passwordChangeRequired: true } : {}),
  };
}

export async function requireAdminCaller(request: FastifyRequest): Promise<Caller> {
  const caller = await requireCaller(request);
  if (!caller.roles.includes('admin')) throw new AppError('FORBIDDEN', messages.forbidden);
  if (caller.passwordChangeRequired)
    throw new AppError('FORBIDDEN', messages.passwordChangeRequired, { body: { passwordChangeRequired: true } });
  return caller;
}
