import type { Cache } from '@talkwith/platform';
import { budgetKey, reserve, used, type Budget } from '@talkwith/platform/limits';

/**
 * Log-in guessing limits on the platform's one limiter (`reserve()` over the
 * cache port, Redis in production, so every replica shares them), after
 * OWASP's "Blocking Brute Force Attacks" with device cookies (devices.ts):
 *
 * - A device that logged in to the account before (a valid device cookie)
 *   has a budget of its own, `maxFailures` per window, and nothing else:
 *   what strangers do to the account never refuses or slows the owner there.
 * - Anyone else is reserved per (account, address), strict (`maxFailures`:
 *   one client guessing one password), and per address over all accounts
 *   (`maxFailuresPerAddress`: password spraying; higher, so a customer
 *   mistyping does not lock out an admin behind the same NAT).
 * - And, from every unknown device, per account: no lock (that would let
 *   anyone lock anyone out) but a progressive delay. After `maxFailures`
 *   SETTLED failures the k-th further attempt is admitted only once
 *   `min(baseDelay·2^(k-1), maxDelay)` has passed since the last failure, one
 *   at a time; a remaining delay up to `maxWait` is waited out server-side,
 *   a longer one answers 429 ("come back later"). Attempts still in flight
 *   are not failures: they only take an in-flight slot (at most the failures
 *   still free), so parallel right passwords wait a moment instead of being
 *   refused, while a parallel burst of guesses still cannot outrun the count.
 *
 * Per-device, per-pair and per-address units are reserved BEFORE the hash and
 * given back when the password was right or no verdict came (a shed request),
 * so only failures stay counted. A success resets nothing, so an attacker
 * cannot interleave a known-good log-in to clear the counts.
 */
export interface LoginLimiter {
  /** Reserves an attempt; `device` is the id from a valid device cookie. Null when refused (answer 429). */
  reserve(account: string, address: string, device?: string | null): Promise<LoginAttempt | null>;
}

export interface LoginAttempt {
  /** The password was right (or the attempt never reached a verdict): the reservation is given back. */
  release(): Promise<void>;
  /** The password was wrong: the reservation stays counted and (unknown device) the account's delay grows. */
  fail(): Promise<void>;
}

export interface LoginLimitOptions {
  /** Failures per (account, address) and per known device in a window; also the failures on an account before it slows down. */
  maxFailures: number;
  /** Failures per client address over all accounts in a window. */
  maxFailuresPerAddress: number;
  windowMs: number;
  /** First delay on a slowed account (default 1 s), doubling per further failure up to maxDelayMs (default 60 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest time an attempt waits server-side (for the delay or a free in-flight slot) rather than being refused (default 3 s). */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** How often a waiting attempt looks for a free in-flight slot. */
const POLL_MS = 25;
/** In-flight slots are given back when the attempt settles; the window only bounds a slot a crashed process never gave back. */
const IN_FLIGHT_WINDOW_MS = 60_000;

type Slot = { giveBack(): Promise<void> };

export function createLoginLimiter(cache: Cache, options: LoginLimitOptions): LoginLimiter {
  const { maxFailures, windowMs } = options;
  const baseDelay = options.baseDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 60_000;
  const maxWait = options.maxWaitMs ?? 3000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const budget = (name: string, key: string, max: number, window = windowMs): Budget => ({
    name,
    key,
    max,
    windowMs: window,
  });
  const failures = (account: string) => budget('login.account', account, Number.MAX_SAFE_INTEGER);
  const lastFailureKey = (account: string) => budgetKey({ name: 'login.account-last', key: account });

  /** The account-wide gate of an unknown device: a slot once the delay has passed, or null when it would wait past maxWait. */
  async function admit(account: string): Promise<Slot | null> {
    const deadline = now() + maxWait;
    for (;;) {
      const beyond = (await used(cache, failures(account))) - maxFailures;
      let room = -beyond;
      if (beyond >= 0) {
        const delay = Math.min(baseDelay * 2 ** beyond, maxDelay);
        const wait = Number((await cache.get(lastFailureKey(account))) ?? 0) + delay - now();
        if (now() + wait > deadline) return null;
        // The state may change while we wait (another attempt failed): look again afterwards.
        if (wait > 0) {
          await sleep(wait);
          continue;
        }
        room = 1;
      }
      const slot = await reserve(cache, [budget('login.account-inflight', account, room, IN_FLIGHT_WINDOW_MS)]);
      if (slot.ok) return slot;
      if (now() + POLL_MS > deadline) return null;
      await sleep(POLL_MS);
    }
  }

  return {
    async reserve(account, address, device) {
      const own = device
        ? [budget('login.device', `${account}|${device}`, maxFailures)]
        : [
            budget('login.pair', `${account}|${address}`, maxFailures),
            budget('login.address', address, options.maxFailuresPerAddress),
          ];
      const taken = await reserve(cache, own);
      if (!taken.ok) return null;
      const slot = device ? null : await admit(account);
      if (!device && !slot) {
        await taken.giveBack();
        return null;
      }
      let settled = false;
      return {
        async release() {
          if (settled) return;
          settled = true;
          await Promise.all([taken.giveBack(), slot?.giveBack()]);
        },
        async fail() {
          if (settled) return;
          settled = true;
          if (slot) {
            // The failure is counted before the slot is freed, so a waiting attempt never sees neither.
            await reserve(cache, [failures(account)]);
            await cache.set(lastFailureKey(account), String(now()), windowMs);
            await slot.giveBack();
          }
        },
      };
    },
  };
}
