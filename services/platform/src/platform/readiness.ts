import type { Platform } from '../service/index.ts';

export interface Readiness {
  ok: boolean;
  checks: Record<string, 'ok' | string>;
}

const PORTS = ['store', 'bus', 'jobs', 'cache', 'search', 'files', 'mail'] as const;
type Port = (typeof PORTS)[number];

/**
 * The ports without which this process cannot serve a request. Only the
 * store: the others are shared by every replica and degrade on their own (the
 * outbox holds events until the bus is back, schedulers are re-declared on
 * reconnect, a route that needs the cache, search, files or mail answers 503
 * itself). Failing readiness on them would pull every pod of the service out
 * of the load balancer at once, and nothing else would serve either.
 */
const REQUIRED: ReadonlySet<Port> = new Set(['store']);

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Pings every adapter and reports each ('ok' or why not); the platform is not
 * ready only when a required port (the store) fails or stays silent for `timeoutMs`.
 */
export async function readiness(platform: Platform, timeoutMs = 2000): Promise<Readiness> {
  const outcomes = await Promise.allSettled(PORTS.map((port) => withTimeout(platform[port].ping(), timeoutMs)));
  const checks: Record<string, string> = {};
  let ok = true;
  outcomes.forEach((outcome, i) => {
    const port = PORTS[i] as Port;
    if (outcome.status === 'fulfilled') checks[port] = 'ok';
    else {
      checks[port] = String((outcome.reason as Error)?.message ?? outcome.reason);
      if (REQUIRED.has(port)) ok = false;
    }
  });
  return { ok, checks };
}
