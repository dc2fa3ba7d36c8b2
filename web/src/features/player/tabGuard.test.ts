import { describe, expect, it } from 'vitest';
import { createTabGuard, type TabClaim, type TabEnvironment, type TabLocks } from './tabGuard.ts';
import { fakeClock, settle } from './testing.ts';

/** One lock manager for the whole browser (navigator.locks is shared by the tabs of an origin). */
function fakeLocks(): TabLocks & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    request: async (name, _options, callback) => {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** BroadcastChannels of one browser: a message reaches every other channel of the same name. */
function fakeChannels() {
  const open: Array<{ name: string; channel: BroadcastChannel }> = [];
  const make = (name: string) => {
    const channel = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage: (data: unknown) => {
        for (const other of open)
          if (other.name === name && other.channel !== (channel as unknown))
            other.channel.onmessage?.({ data } as MessageEvent);
      },
      close: () => {
        const i = open.findIndex((o) => o.channel === (channel as unknown));
        if (i >= 0) open.splice(i, 1);
      },
    } as unknown as BroadcastChannel;
    open.push({ name, channel });
    return channel;
  };
  return make;
}

const url = () => `talkwith-player:/full/chat/mirai-${Math.random().toString(36).slice(2, 8)}`;

function tab(env: TabEnvironment) {
  const claims: TabClaim[] = [];
  const claim = createTabGuard(env);
  return { claims, claim: (name: string) => claim(name, (c) => claims.push(c)) };
}

describe('tab guard', () => {
  it('claimTab, a second tab on the same URL, is refused while the first plays', async () => {
    const locks = fakeLocks();
    const time = fakeClock();
    const env = { locks, channel: null, setTimeout: time.clock.setTimeout };
    const first = tab(env);
    const second = tab(env);
    const name = url();

    first.claim(name);
    await settle();
    second.claim(name);
    await settle();

    expect(first.claims).toEqual(['owner']);
    expect(second.claims).toEqual(['refused']);
  });

  it('claimTab, another URL in a second tab, plays', async () => {
    const env = { locks: fakeLocks(), channel: null, setTimeout: fakeClock().clock.setTimeout };
    const first = tab(env);
    const second = tab(env);

    first.claim(url());
    second.claim(url());
    await settle();

    expect(second.claims).toEqual(['owner']);
  });

  it('claimTab, the first tab closed its player, lets a new tab play', async () => {
    const time = fakeClock();
    const env = { locks: fakeLocks(), channel: null, setTimeout: time.clock.setTimeout };
    const name = url();
    const release = tab(env).claim(name);
    await settle();

    release();
    time.advance(0);
    await settle();
    const later = tab(env);
    later.claim(name);
    await settle();

    expect(later.claims).toEqual(['owner']);
  });

  it('claimTab, the same tab remounting the player (StrictMode), keeps its claim and is not refused', async () => {
    const time = fakeClock();
    const env = { locks: fakeLocks(), channel: null, setTimeout: time.clock.setTimeout };
    const name = url();
    const page = tab(env);
    const release = page.claim(name);
    await settle();

    release();
    page.claim(name);
    time.advance(0);
    await settle();

    expect(page.claims).toEqual(['owner', 'owner']);
  });

  it('claimTab, no Web Locks, a BroadcastChannel question finds the first tab and refuses the second', () => {
    const time = fakeClock();
    const env = { locks: null, channel: fakeChannels(), setTimeout: time.clock.setTimeout };
    const name = url();
    const first = tab(env);
    first.claim(name);
    time.advance(250);
    const second = tab(env);

    second.claim(name);
    time.advance(250);

    expect(first.claims).toEqual(['owner']);
    expect(second.claims).toEqual(['refused']);
  });

  it('claimTab, neither Web Locks nor BroadcastChannel, plays', () => {
    const page = tab({ locks: null, channel: null, setTimeout: fakeClock().clock.setTimeout });

    page.claim(url());

    expect(page.claims).toEqual(['owner']);
  });
});
