import type {} from '@fastify/jwt';
import type { Role } from '@talkwith/proto/identity';

/** The access token's claims as identity signs them (the gateway and services verify the same JWT). */
export interface AccessClaims {
  sub: string;
  roles: Role[];
  /** Session version (platform http/session-version.ts). */
  sv?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
  }
}

// One implementation of "who is calling" for every service: the platform's.
export { requireCaller as requireUser, requireAdminCaller as requireAdmin } from '@talkwith/platform/http';
