import type {} from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@talkwith/platform';
import type { Role } from '@talkwith/proto/identity';
import { messages } from '../accounts/messages.ts';

export interface AccessClaims {
  sub: string;
  roles: Role[];
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

/** Verifies the Bearer access token (the same JWT the gateway checks at the edge) and returns its claims. */
export async function requireUser(request: FastifyRequest): Promise<AccessClaims> {
  try {
    return await request.jwtVerify<AccessClaims>();
  } catch {
    throw new AppError('UNAUTHENTICATED', messages.sessionExpired);
  }
}

export async function requireAdmin(request: FastifyRequest): Promise<AccessClaims> {
  const claims = await requireUser(request);
  if (!claims.roles.includes('admin')) throw new AppError('FORBIDDEN', messages.forbidden);
  return claims;
}
