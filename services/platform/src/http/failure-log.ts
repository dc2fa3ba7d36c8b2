import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { isAppError } from '../errors/index.ts';

/**
 * How a failed request is logged. Only a fault of ours is an error with a
 * stack (someone must look at it). Two failures are the server working as
 * designed and are one warning line without a stack, so a burst of them does
 * not bury real faults under stacks:
 * - overload: an answer that sheds load and says when to come back (a 503
 *   AppError carrying Retry-After, e.g. identity's full Argon2id queue);
 * - client_closed: the client went away mid-request (an aborted upload, a
 *   closed tab): the request's connection is gone.
 */
export type FailureKind = 'overload' | 'client_closed' | 'fault';

export function isOverload(err: unknown): boolean {
  if (!isAppError(err) || err.status !== 503 || !err.headers) return false;
  return Object.keys(err.headers).some((name) => name.toLowerCase() === 'retry-after');
}

/**
 * The client closed the connection before we answered: nothing of ours failed.
 * Decided by the request's own connection, not by the error's code: an
 * ECONNRESET from the store or an upstream is a fault and keeps its stack.
 */
export function isClientClosed(raw: IncomingMessage | undefined): boolean {
  return raw !== undefined && (raw.aborted || raw.readableAborted || raw.socket?.destroyed === true);
}

export function failureKind(err: unknown, raw: IncomingMessage | undefined): FailureKind {
  if (isOverload(err)) return 'overload';
  if (isClientClosed(raw)) return 'client_closed';
  return 'fault';
}

/** Logs a request that ended in a server-side status (5xx) or a broken response stream, at the level its kind deserves. */
export function logFailure(
  log: FastifyBaseLogger,
  err: unknown,
  raw: IncomingMessage | undefined,
  fields: { status?: number; code?: string } = {},
): FailureKind {
  const kind = failureKind(err, raw);
  if (kind === 'fault') {
    log.error({ err, ...fields }, 'request failed');
    return kind;
  }
  // The error object is left out on purpose: pino's serializer would write its stack.
  const reason = (err as { code?: unknown } | null)?.code ?? (err instanceof Error ? err.message : String(err));
  log.warn(
    { ...fields, kind, reason },
    kind === 'overload' ? 'request shed: overloaded' : 'request ended: the client closed the connection',
  );
  return kind;
}
