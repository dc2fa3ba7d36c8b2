import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cache } from '../ports/index.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The behaviour every Cache adapter must show. */
export function runCacheContract(adapterName: string, makeCache: () => Promise<Cache>): void {
  describe(`Cache contract: ${adapterName}`, () => {
    let cache: Cache | undefined;
    const open = async () => (cache = await makeCache());
    const key = (label: string) => `${label}:${randomUUID()}`;
    afterEach(async () => {
      await cache?.close();
      cache = undefined;
    });

    it('cache, value set without ttl, is read back and has no expiry', async () => {
      const c = await open();
      const k = key('plain');
      await c.set(k, 'hello');
      expect(await c.get(k)).toBe('hello');
      expect(await c.ttl(k)).toBe(-1);
    });

    it('cache, value set with ttl, disappears after it', async () => {
      const c = await open();
      const k = key('short');
      await c.set(k, 'v', 250);
      expect(await c.ttl(k)).toBeGreaterThan(0);
      await sleep(350);
      expect(await c.get(k)).toBeNull();
      expect(await c.ttl(k)).toBe(-2);
    });

    it('cache, deleted or missing key, reads null', async () => {
      const c = await open();
      const k = key('del');
      await c.set(k, 'v');
      await c.del(k);
      expect(await c.get(k)).toBeNull();
      expect(await c.get(key('never'))).toBeNull();
    });

    it('incr, repeated in a window, counts and keeps the first expiry', async () => {
      const c = await open();
      const k = key('rate');
      expect(await c.incr(k, 300)).toBe(1);
      const firstTtl = await c.ttl(k);
      await sleep(60);
      expect(await c.incr(k, 300, 5)).toBe(6);
      expect(await c.ttl(k)).toBeLessThanOrEqual(firstTtl - 40);
    });

    it('incr, after the window expired, starts again at by', async () => {
      const c = await open();
      const k = key('window');
      await c.incr(k, 50, 3);
      await sleep(100);
      expect(await c.incr(k, 1000, 2)).toBe(2);
    });

    it('incr, a reservation given back with by -1, counts down and keeps the first expiry', async () => {
      const c = await open();
      const k = key('reserve');
      await c.incr(k, 300);
      await c.incr(k, 300);
      const firstTtl = await c.ttl(k);
      expect(await c.incr(k, 1, -1)).toBe(1);
      expect(await c.ttl(k)).toBeGreaterThan(firstTtl - 100);
    });

    it('incr, giving back on an expired window with a 1 ms ttl, leaves no negative count behind', async () => {
      const c = await open();
      const k = key('late-release');
      await c.incr(k, 30);
      await sleep(60);
      await c.incr(k, 1, -1);
      await sleep(20);
      expect(await c.get(k)).toBeNull();
    });

    it('set members, added twice and removed, are listed once and then gone', async () => {
      const c = await open();
      const k = key('presence');
      await c.setAdd(k, 'a');
      await c.setAdd(k, 'a');
      await c.setAdd(k, 'b');
      expect((await c.setMembers(k)).sort()).toEqual(['a', 'b']);
      await c.setRemove(k, 'a');
      await c.setRemove(k, 'b');
      expect(await c.setMembers(k)).toEqual([]);
      expect(await c.setMembers(key('empty'))).toEqual([]);
    });

    it('cache, ping, resolves while connected', async () => {
      const c = await open();
      await expect(c.ping()).resolves.toBeUndefined();
    });
  });
}
