import { AppError, isAppError } from '../errors/index.ts';
import type { Cache } from '../ports/index.ts';
import { reserve, type Budget } from './budgets.ts';

/**
 * The one 429 of the services' budgets: code RATE_LIMITED, `Retry-After` and
 * `retry_after` in whole seconds (when the spent budget's window ends), and
 * `rateLimited: true` for the client. The message is the caller's Japanese
 * text (SPEC.md §8); when it is a function it is given the wait as a person
 * says it (`waitInJapanese`), so the text and the header always agree.
 */
export type RefusalMessage = string | ((wait: string) => string);

/** A wait in Japanese as a person says it: seconds under a minute, else whole minutes rounded up. */
export function waitInJapanese(seconds: number): string {
  return seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分`;
}

export function rateLimited(retryAfterSeconds: number, message: RefusalMessage): AppError {
  const text = typeof message === 'string' ? message : message(waitInJapanese(retryAfterSeconds));
  return new AppError('RATE_LIMITED', text, {
    body: { rateLimited: true, retry_after: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/** `reserve()` that throws the one 429 when a budget is spent; resolves to the reservation's giveBack. */
export async function reserveOrRefuse(
  cache: Cache,
  budgets: readonly Budget[],
  message: RefusalMessage,
  cost = 1,
): Promise<() => Promise<void>> {
  const reservation = await reserve(cache, budgets, cost);
  if (!reservation.ok) throw rateLimited(reservation.retryAfterSeconds, message);
  return reservation.giveBack;
}

export interface FailureRule<R> {
  /** A result that counts as a failure, e.g. a wrong password answered `false` (default: none). */
  failedResult?(result: R): boolean;
  /** A thrown error that counts (default: an AppError below 500 — the caller's doing; a server fault is not held against them). */
  failedError?(err: unknown): boolean;
}

const callersFault = (err: unknown) => isAppError(err) && err.status < 500;

/**
 * Budgets that count only failures (guesses of a password or a serial code):
 * one unit is reserved BEFORE `attempt` runs, so parallel guesses cannot all
 * pass a check made before any of them failed, and given back unless the
 * attempt failed by `rule`. Over a budget, `attempt` does not run at all.
 */
export async function limitFailures<R>(
  cache: Cache,
  budgets: readonly Budget[],
  message: RefusalMessage,
  attempt: () => Promise<R>,
  rule: NoInfer<FailureRule<R>> = {},
): Promise<R> {
  const giveBack = await reserveOrRefuse(cache, budgets, message);
  let result: R;
  try {
    result = await attempt();
  } catch (err) {
    if (!(rule.failedError ?? callersFault)(err)) await giveBack();
    throw err;
  }
  if (!rule.failedResult?.(result)) await giveBack();
  return result;
}
