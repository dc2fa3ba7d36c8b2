import type { FastifyInstance } from 'fastify';
import { ADMIN_LOG_TYPES, ANONYMOUS_LOG_TYPES, type ClientLogType } from '@talkwith/proto/logging';
import type { Cache } from '@talkwith/platform';
import { messages, sessionIsCurrent } from '@talkwith/platform/http';

/** A frame refused with a stable code; the socket answers it with an error frame and stays open. */
export class FrameRefused extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export interface Bound {
  sub: string;
  roles: string[];
  /** The token's session version: a log-out, password change or deletion ends the binding (checked per frame). */
  sv: unknown;
  /** Token expiry, ms since the epoch; frames after it count as anonymous until a fresh `auth` frame. */
  expiresAt: number;
}

/** The part of a connection that knows its user. */
export interface Binding {
  user: Bound | null;
}

const minute = 60_000;
const unauthenticated = () => new FrameRefused('UNAUTHENTICATED', messages.unauthenticated);

/** Binds a connection to the user its access token names, and answers who a frame may act as. */
export function userBinding(app: FastifyInstance, cache: Cache) {
  function currentUser(conn: Binding): Bound | null {
    if (conn.user && conn.user.expiresAt <= Date.now()) conn.user = null;
    return conn.user;
  }

  /** The user a frame may act as: the token's; a frame naming another user is refused. */
  function requireUser(conn: Binding, claimed: string | undefined): Bound {
    const user = currentUser(conn);
    if (!user) throw unauthenticated();
    if (claimed !== undefined && claimed !== user.sub) throw new FrameRefused('FORBIDDEN', messages.forbidden);
    return user;
  }

  return {
    /** Drops the connection's user once their session was revoked (log-out, password change, deletion). */
    async revalidate(conn: Binding): Promise<void> {
      const user = currentUser(conn);
      if (user && !(await sessionIsCurrent(cache, user))) conn.user = null;
    },

    async authenticate(conn: Binding, token: string): Promise<Bound> {
      let claims: { sub?: unknown; roles?: unknown; exp?: unknown; sv?: unknown };
      try {
        claims = app.jwt.verify(token);
      } catch {
        conn.user = null;
        throw unauthenticated();
      }
      if (typeof claims.sub !== 'string' || claims.sub === '') throw unauthenticated();
      const roles = Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : [];
      const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 15 * minute;
      if (!(await sessionIsCurrent(cache, { sub: claims.sub, sv: claims.sv }))) {
        conn.user = null;
        throw unauthenticated();
      }
      conn.user = { sub: claims.sub, roles, sv: claims.sv, expiresAt };
      return conn.user;
    },

    requireUser,

    /** Who a log line is written as: the token's user, or nobody for a pre-login category; anything else is refused. */
    logAuthor(conn: Binding, type: ClientLogType, claimed: string | undefined): Bound | null {
      const user = currentUser(conn);
      if (!user) {
        if (claimed !== undefined || !ANONYMOUS_LOG_TYPES.includes(type)) throw unauthenticated();
        return null;
      }
      requireUser(conn, claimed);
      if (ADMIN_LOG_TYPES.includes(type) && !user.roles.includes('admin'))
        throw new FrameRefused('FORBIDDEN', messages.forbidden);
      return user;
    },
  };
}
