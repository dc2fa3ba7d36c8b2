import type { Platform } from '../service/index.ts';

export interface Readiness {
  ok: boolean;
  checks: Record<string, 'ok' | string>;
}

const PORTS = ['store', 'bus', 'jobs', 'cache', 'search', 'files', 'mail'] as const;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Pings every adapter; a port that fails or stays silent for `timeoutMs` makes the platform not ready. */
export async function readiness(platform: Platform, timeoutMs = 2000): Promise<Readiness> {
  const outcomes = await Promise.allSettled(PORTS.map((port) => withTimeout(platform[port].ping(), timeoutMs)));
  const checks: Record<string, string> = {};
  outcomes.forEach((outcome, i) => {
    checks[PORTS[i] as string] =
      outcome.status === 'fulfilled' ? 'ok' : String((outcome.reason as Error)?.message ?? outcome.reason);
  });
  return { ok: outcomes.every((o) => o.status === 'fulfilled'), checks };
}
