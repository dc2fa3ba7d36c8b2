import { useEffect, useState } from 'react';
import { Messages } from '@talkwith/dialogue-engine/player';

/**
 * One tab per player URL (SPEC.md §8: a second tab on the same URL is
 * refused). The first tab holds a Web Lock named after the URL for as long
 * as it shows the player; a later tab asks for the lock only if it is free,
 * and is refused when it is not. Closing the first tab frees the lock.
 * Browsers without Web Locks (before Safari 15.4) ask over a
 * BroadcastChannel whether a tab already holds the URL; without either the
 * tab plays.
 */
export type TabClaim = 'pending' | 'owner' | 'refused';

/** The part of navigator.locks used here (injectable for tests). */
export interface TabLocks {
  request(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<void> | void,
  ): Promise<unknown>;
}

export interface TabEnvironment {
  locks: TabLocks | null;
  channel: ((name: string) => BroadcastChannel) | null;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

/** The SPEC.md §8 log line for a refused tab (two tabs with the same URL: the later one is refused). */
export const SECOND_TAB_LOG_MESSAGE = Messages.TWO_TABS;

/** How long a BroadcastChannel question waits for a tab that holds the URL. */
const ASK_MS = 250;

function browserEnvironment(): TabEnvironment {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as TabLocks) : null;
  const channel = typeof BroadcastChannel === 'undefined' ? null : (name: string) => new BroadcastChannel(name);
  return { locks, channel, setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) };
}

interface Held {
  count: number;
  claim: TabClaim;
  listeners: Set<(claim: TabClaim) => void>;
  release: () => void;
}

function lockClaim(locks: TabLocks, name: string, settle: (claim: TabClaim) => void): () => void {
  let free: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => {
    free = resolve;
  });
  void locks.request(name, { ifAvailable: true }, (lock) => {
    if (!lock) return settle('refused');
    settle('owner');
    return holding;
  });
  return free;
}

function channelClaim(
  env: TabEnvironment,
  open: (name: string) => BroadcastChannel,
  name: string,
  settle: (claim: TabClaim) => void,
): () => void {
  const channel = open(name);
  let claim: TabClaim = 'pending';
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === 'who' && claim === 'owner') channel.postMessage('mine');
    if (event.data === 'mine' && claim === 'pending') settle((claim = 'refused'));
  };
  channel.postMessage('who');
  env.setTimeout(() => {
    if (claim === 'pending') settle((claim = 'owner'));
  }, ASK_MS);
  return () => channel.close();
}

export type ClaimTab = (name: string, onClaim: (claim: TabClaim) => void) => () => void;

/**
 * One document's claims (a tab). Claims of one document share one lock: a
 * remount (React's StrictMode, the page rendered again) is not a second tab.
 * `claim(name, onClaim)` tells the outcome; the returned function gives the
 * claim up a tick later, unless it was claimed again meanwhile.
 */
export function createTabGuard(env: TabEnvironment = browserEnvironment()): ClaimTab {
  const held = new Map<string, Held>();
  const open = (name: string): Held => {
    const created: Held = { count: 0, claim: 'pending', listeners: new Set(), release: () => undefined };
    const settle = (claim: TabClaim) => {
      created.claim = claim;
      for (const listener of created.listeners) listener(claim);
    };
    if (env.locks) created.release = lockClaim(env.locks, name, settle);
    else if (env.channel) created.release = channelClaim(env, env.channel, name, settle);
    else created.claim = 'owner';
    held.set(name, created);
    return created;
  };
  return (name, onClaim) => {
    const entry = held.get(name) ?? open(name);
    entry.count += 1;
    entry.listeners.add(onClaim);
    if (entry.claim !== 'pending') onClaim(entry.claim);
    return () => {
      entry.listeners.delete(onClaim);
      entry.count -= 1;
      env.setTimeout(() => {
        if (entry.count > 0 || held.get(name) !== entry) return;
        held.delete(name);
        entry.release();
      }, 0);
    };
  };
}

let documentGuard: ClaimTab | null = null;

/** The tab's claim on the player URL, for as long as the component is mounted. */
export function useTabClaim(name: string): TabClaim {
  const [claim, setClaim] = useState<TabClaim>('pending');
  useEffect(() => {
    documentGuard ??= createTabGuard();
    return documentGuard(name, setClaim);
  }, [name]);
  return claim;
}
