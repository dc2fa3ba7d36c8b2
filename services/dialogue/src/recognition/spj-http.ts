import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Messages } from '@talkwith/dialogue-engine';
import {
  circuitBreaker,
  ConsecutiveBreaker,
  ConstantBackoff,
  handleWhen,
  isBrokenCircuitError,
  isTaskCancelledError,
  retry,
  timeout,
  TimeoutStrategy,
  wrap,
  type IPolicy,
} from 'cockatiel';

/** Where an SPJ call goes: the character's `spj_url` and its key (sent only as a Bearer token, never logged or answered). */
export interface SpjTarget {
  url: string;
  apiKey: string;
}

export interface SpjQuery {
  text: string;
  category: string;
}

/** The SPJ port: a score 0–100, or null for an empty result (the reason already logged with §8's message). */
export interface SpjPort {
  score(target: SpjTarget, query: SpjQuery): Promise<number | null>;
}

/** What the adapter logs through (a pino logger fits). */
export interface SpjLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface SpjHttpOptions {
  timeoutMs: number;
  breakerFailures: number;
  breakerOpenMs: number;
  logger: SpjLogger;
}

/** Our reading of the SPJ reply (API.md): anything but `{score: 0–100}` is an empty result. */
const SpjReply = Type.Object({ score: Type.Number({ minimum: 0, maximum: 100 }) });

/** Breakers kept (one per url); past this the least recently added goes, so admin typos cannot grow the map without bound. */
const MAX_BREAKERS = 1000;

/** The SPJ service is down (5xx): retried once, counted by the breaker. */
class SpjUnavailable extends Error {
  override readonly name = 'SpjUnavailable';
}

/** The SPJ service answered, but not a score (4xx, a malformed body): an empty result, neither retried nor counted. */
class SpjRefused extends Error {
  override readonly name = 'SpjRefused';
}

/** fetch rejects with a TypeError when the connection fails (refused, reset, DNS). */
const isNetworkError = (err: unknown): boolean => err instanceof TypeError;
const isRetryable = (err: unknown): boolean => err instanceof SpjUnavailable || isNetworkError(err);
const isOutage = (err: unknown): boolean => isRetryable(err) || isTaskCancelledError(err);

/** The url's origin, the only part of it that is logged; null when it is not an http(s) url. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

async function callSpj(target: SpjTarget, query: SpjQuery, signal: AbortSignal): Promise<number> {
  const response = await fetch(target.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${target.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ text: query.text, category: query.category }),
    signal,
  });
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new SpjUnavailable(`status ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SpjRefused(`status ${response.status}`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!Value.Check(SpjReply, body)) throw new SpjRefused('not a score');
  return body.score;
}

function reasonOf(err: unknown): string {
  if (isBrokenCircuitError(err)) return 'breaker open';
  if (isTaskCancelledError(err)) return 'timed out';
  if (err instanceof SpjUnavailable || err instanceof SpjRefused) return err.message;
  return isNetworkError(err) ? 'network error' : 'failed';
}

/**
 * The SPJ HTTP adapter (API.md "SPJ over HTTP"): POST {text, category} with
 * the key as a Bearer token, each attempt cut at `timeoutMs`, one retry on a
 * network error or 5xx, and a circuit breaker per url that opens after
 * `breakerFailures` consecutive failed calls for `breakerOpenMs`, then lets
 * one trial call through.
 */
export function createSpjHttp(options: SpjHttpOptions): SpjPort {
  const policies = new Map<string, IPolicy>();
  const policyFor = (url: string): IPolicy => {
    const known = policies.get(url);
    if (known) return known;
    const policy = wrap(
      circuitBreaker(handleWhen(isOutage), {
        halfOpenAfter: options.breakerOpenMs,
        breaker: new ConsecutiveBreaker(options.breakerFailures),
      }),
      retry(handleWhen(isRetryable), { maxAttempts: 1, backoff: new ConstantBackoff(0) }),
      timeout(options.timeoutMs, TimeoutStrategy.Aggressive),
    );
    if (policies.size >= MAX_BREAKERS) policies.delete(policies.keys().next().value as string);
    policies.set(url, policy);
    return policy;
  };

  return {
    async score(target, query) {
      const spj = originOf(target.url);
      if (!spj) {
        options.logger.warn({ reason: 'spj_url is not an http(s) url' }, Messages.INVALID_SPJ_OR_SEARCH);
        return null;
      }
      try {
        return await policyFor(target.url).execute(({ signal }) => callSpj(target, query, signal));
      } catch (err) {
        options.logger.warn({ spj, category: query.category, reason: reasonOf(err) }, Messages.EMPTY_SPJ_OR_SEARCH);
        return null;
      }
    },
  };
}
