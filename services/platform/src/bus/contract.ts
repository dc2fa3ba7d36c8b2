import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import type { EventBus } from '../ports/index.ts';
import { eventually } from '../testing/eventually.ts';
import { PermanentEventError } from './shared.ts';

export function testEvent(type: string, key: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), key, data };
}

/** Polls until `check` holds (the platform's one poll, on vi.waitFor). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  await eventually(check, timeoutMs);
}

const uniqueGroup = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The behaviour every EventBus adapter must show. `makeBus` returns a fresh,
 * connected bus; two calls model two processes sharing the same engine.
 */
export function runBusContract(
  adapterName: string,
  makeBus: () => Promise<EventBus>,
  options: { inProcess?: boolean } = {},
): void {
  describe(`EventBus contract: ${adapterName}`, () => {
    const opened: EventBus[] = [];
    const open = async () => {
      const bus = await makeBus();
      opened.push(bus);
      return bus;
    };
    // An in-process bus cannot be shared by two instances; its "second process" is a second subscription on the same bus.
    const openPair = async (): Promise<[EventBus, EventBus]> => {
      const first = await open();
      return [first, options.inProcess ? first : await open()];
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((b) => b.close()));
    });

    it('bus, two groups subscribed, each group receives every event once', async () => {
      const bus = await open();
      const [a, b] = [uniqueGroup('fan-a'), uniqueGroup('fan-b')];
      const seen: Record<string, string[]> = { [a]: [], [b]: [] };
      for (const group of [a, b]) {
        await bus.subscribe({ group, types: ['test.fanned'], handler: async (e) => void seen[group]!.push(e.id) });
      }
      const event = testEvent('test.fanned', 'k1');
      await bus.publish(event);
      await waitFor(() => seen[a]!.length === 1 && seen[b]!.length === 1);
      await sleep(100);
      expect(seen).toEqual({ [a]: [event.id], [b]: [event.id] });
    });

    it('bus, a group whose handler is held, reports every event behind as its consumer lag until they are handled', async (test) => {
      const bus = await open();
      if (!bus.consumerLag) return test.skip();
      const group = uniqueGroup('lag');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = 0;
      let handled = 0;
      await bus.subscribe({
        group,
        types: ['test.lagged'],
        handler: async () => {
          started++;
          await gate;
          handled++;
        },
      });
      for (let i = 0; i < 4; i++) await bus.publish(testEvent('test.lagged', `lag-key-${i}`));
      await waitFor(() => started >= 1);
      const behind = (await bus.consumerLag()).find((l) => l.group === group);
      release();
      await waitFor(() => handled === 4);
      await waitFor(async () => (await bus.consumerLag!()).find((l) => l.group === group)?.lag === 0);
      expect(behind?.lag).toBe(4);
    });

    it('bus, a group created after events were published, receives them', async () => {
      const [publisher, late] = await openPair();
      const type = `test.early-${randomUUID().slice(0, 8)}`;
      const events = Array.from({ length: 3 }, (_, i) => testEvent(type, `early-${i}`));
      for (const event of events) await publisher.publish(event);
      const handled: string[] = [];
      await late.subscribe({
        group: uniqueGroup('late'),
        types: [type],
        handler: async (e) => void handled.push(e.id),
      });
      await waitFor(() => handled.length >= events.length);
      await sleep(100);
      expect([...handled].sort()).toEqual(events.map((e) => e.id).sort());
    });

    it('bus, two subscribers in one group, each event is handled once', async () => {
      const [bus1, bus2] = await openPair();
      const group = uniqueGroup('balance');
      const handled: string[] = [];
      for (const bus of [bus1, bus2]) {
        await bus.subscribe({ group, types: ['test.balanced'], handler: async (e) => void handled.push(e.id) });
      }
      const events = Array.from({ length: 20 }, (_, i) => testEvent('test.balanced', `key-${i}`));
      for (const event of events) await bus1.publish(event);
      await waitFor(() => handled.length >= events.length);
      await sleep(150);
      expect([...handled].sort()).toEqual(events.map((e) => e.id).sort());
    });

    it('bus, handler throws once, event is redelivered and not parked', async () => {
      const bus = await open();
      const group = uniqueGroup('retry');
      let calls = 0;
      await bus.subscribe({
        group,
        types: ['test.retried'],
        maxAttempts: 3,
        handler: async () => {
          calls++;
          if (calls === 1) throw new Error('transient');
        },
      });
      await bus.publish(testEvent('test.retried', 'k1'));
      await waitFor(() => calls === 2);
      await sleep(100);
      expect(calls).toBe(2);
      expect(await bus.parked(group)).toEqual([]);
    });

    it('bus, handler always throws, event is parked with the reason after maxAttempts', async () => {
      const bus = await open();
      const group = uniqueGroup('park');
      let calls = 0;
      await bus.subscribe({
        group,
        types: ['test.poisoned'],
        maxAttempts: 2,
        handler: async () => {
          calls++;
          throw new Error('boom');
        },
      });
      const event = testEvent('test.poisoned', 'k1', { n: 1 });
      await bus.publish(event);
      await waitFor(async () => (await bus.parked(group)).length === 1);
      const parked = await bus.parked(group);
      expect(parked[0]!.event).toEqual(event);
      expect(parked[0]!.reason).toContain('boom');
      expect(calls).toBe(2);
    });

    it('bus, handler throws PermanentEventError, event is parked without retries', async () => {
      const bus = await open();
      const group = uniqueGroup('permanent');
      let calls = 0;
      await bus.subscribe({
        group,
        types: ['test.invalid'],
        maxAttempts: 5,
        handler: async () => {
          calls++;
          throw new PermanentEventError('cannot ever work');
        },
      });
      await bus.publish(testEvent('test.invalid', 'k1'));
      await waitFor(async () => (await bus.parked(group)).length === 1);
      expect(calls).toBe(1);
      expect((await bus.parked(group))[0]!.reason).toContain('cannot ever work');
    });

    it('bus, many events of two keys with slow handlers, order is kept per key', async () => {
      const [bus1, bus2] = await openPair();
      const group = uniqueGroup('order');
      const seen = new Map<string, number[]>();
      const handler = async (e: EventEnvelope) => {
        await sleep(Math.random() * 4);
        const list = seen.get(e.key) ?? [];
        list.push((e.data as { seq: number }).seq);
        seen.set(e.key, list);
      };
      for (const bus of [bus1, bus2]) await bus.subscribe({ group, types: ['test.ordered'], handler });
      const sequence = Array.from({ length: 15 }, (_, i) => i);
      for (const seq of sequence) {
        await bus1.publish(testEvent('test.ordered', 'alpha', { seq }));
        await bus2.publish(testEvent('test.ordered', 'beta', { seq }));
      }
      await waitFor(() => (seen.get('alpha')?.length ?? 0) === 15 && (seen.get('beta')?.length ?? 0) === 15);
      expect(seen.get('alpha')).toEqual(sequence);
      expect(seen.get('beta')).toEqual(sequence);
    });

    it('subscription, closed while a handler runs, resolves after the handler finished', async () => {
      const bus = await open();
      const group = uniqueGroup('close');
      let started = false;
      let finished = false;
      const subscription = await bus.subscribe({
        group,
        types: ['test.slow'],
        handler: async () => {
          started = true;
          await sleep(200);
          finished = true;
        },
      });
      await bus.publish(testEvent('test.slow', 'k1'));
      await waitFor(() => started);
      await subscription.close();
      expect(finished).toBe(true);
    });

    it('bus, ping, resolves while connected', async () => {
      const bus = await open();
      await expect(bus.ping()).resolves.toBeUndefined();
    });
  });
}
