import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.ts';
import { messages } from './error-reply.ts';

/** The claims of an access token (signed by identity, verified at the gateway and again by each service). */
export interface Caller {
  sub: string;
  roles: string[];
}

/** Registers @fastify/jwt unless an outer scope (the gateway) already did, so a plugin runs mounted or alone. */
export async function ensureJwt(app: FastifyInstance, secret: string | undefined): Promise<void> {
  if (app.hasDecorator('jwt')) return;
  if (!secret) throw new AppError('INTERNAL', 'JWT_SECRET is not configured');
  await app.register(jwt, { secret });
}

export async function requireCaller(request: FastifyRequest): Promise<Caller> {
  try {
    const claims = await request.jwtVerify<Caller>();
    return { sub: String(claims.sub), roles: Array.isArray(claims.roles) ? claims.roles : [] };
  } catch {
    throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  }
}

export async function requireAdminCaller(request: FastifyRequest): Promise<Caller> {
  const caller = await requireCaller(request);
  if (!caller.roles.includes('admin')) throw new AppError('FORBIDDEN', messages.forbidden);
  return caller;
}
