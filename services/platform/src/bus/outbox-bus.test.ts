import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import type { DocumentStore, EventBus } from '../ports/index.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { runBusContract, testEvent, waitFor } from './contract.ts';
import { createOutboxBus } from './outbox-bus.ts';

/** An outbox bus on its own temp store; closing the bus also closes and removes the store. */
async function busOnTempStore(): Promise<EventBus> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-outbox-bus-'));
  const store = await createEmbeddedStore({ dir });
  const bus = await createOutboxBus({ store, retryDelayMs: 5 });
  return {
    ...bus,
    async close() {
      await bus.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

runBusContract('embedded (outbox table)', busOnTempStore, { inProcess: true });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempStore(): Promise<DocumentStore> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-outbox-bus-'));
  const store = await createEmbeddedStore({ dir });
  cleanups.push(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return store;
}

const hang = () => new Promise<void>(() => undefined);

describe('embedded bus, stored positions', () => {
  it('outbox bus, a group that subscribes after events were published, receives them in order', async () => {
    const store = await tempStore();
    const bus = await createOutboxBus({ store });
    const published = Array.from({ length: 4 }, (_, n) => testEvent('test.early', 'k1', { n }));
    for (const event of published) await bus.publish(event);
    const handled: string[] = [];
    await bus.subscribe({ group: 'late', types: ['test.early'], handler: async (e) => void handled.push(e.id) });
    await waitFor(() => handled.length === 4);
    expect(handled).toEqual(published.map((e) => e.id));
    await bus.close();
  });

  it('outbox bus, abandoned with a handler hanging, a new bus on the same store delivers every event from the stored position', async () => {
    const store = await tempStore();
    const first = await createOutboxBus({ store, retryDelayMs: 5 });
    let started = 0;
    await first.subscribe({
      group: 'g',
      types: ['test.kept'],
      handler: async () => {
        started++;
        await hang();
      },
    });
    const published = Array.from({ length: 5 }, (_, seq) => testEvent('test.kept', 'k1', { seq }));
    for (const event of published) await first.publish(event);
    await waitFor(() => started === 1);

    // The first bus is never closed, as after kill -9.
    const second = await createOutboxBus({ store, retryDelayMs: 5 });
    const handled: EventEnvelope[] = [];
    await second.subscribe({ group: 'g', types: ['test.kept'], handler: async (e) => void handled.push(e) });
    await waitFor(() => handled.length === 5);
    expect(handled.map((e) => e.id)).toEqual(published.map((e) => e.id));
    await second.close();
  });

  it('outbox bus, an event whose deliveries all died with their process, is parked without running again', async () => {
    const store = await tempStore();
    const event = testEvent('test.deadly', 'k1');
    const options = { group: 'g', types: ['test.deadly'], maxAttempts: 2 };
    // Each life takes the event and never finishes it: the process "dies" with the handler running.
    for (let life = 0; life < 3; life++) {
      const bus = await createOutboxBus({ store });
      let got = false;
      await bus.subscribe({
        ...options,
        handler: async () => {
          got = true;
          await hang();
        },
      });
      if (life === 0) await bus.publish(event);
      await waitFor(() => got);
    }
    const last = await createOutboxBus({ store });
    let calls = 0;
    const handled: string[] = [];
    await last.subscribe({
      ...options,
      handler: async (e) => {
        calls++;
        handled.push(e.id);
      },
    });
    await waitFor(async () => (await last.parked('g')).length === 1);
    expect(calls).toBe(0);
    expect((await last.parked('g'))[0]!.reason).toContain('died with its process 2 time(s)');
    const next = testEvent('test.deadly', 'k1');
    await last.publish(next);
    await waitFor(() => handled.length === 1);
    expect(handled).toEqual([next.id]);
    await last.close();
  });

  it('outbox bus, a group that handled events and subscribes again, resumes after its position without repeats', async () => {
    const store = await tempStore();
    const bus = await createOutboxBus({ store });
    const handled: string[] = [];
    const sub = await bus.subscribe({
      group: 'g',
      types: ['test.once'],
      handler: async (e) => void handled.push(e.id),
    });
    const first = testEvent('test.once', 'k1');
    await bus.publish(first);
    await waitFor(() => handled.length === 1);
    await sub.close();
    const second = testEvent('test.once', 'k1');
    await bus.publish(second);
    await bus.subscribe({ group: 'g', types: ['test.once'], handler: async (e) => void handled.push(e.id) });
    await waitFor(() => handled.length === 2);
    expect(handled).toEqual([first.id, second.id]);
    await bus.close();
  });

  it('outbox bus, an event published once, is stored as one outbox row whatever the number of groups', async () => {
    const store = await tempStore();
    const bus = await createOutboxBus({ store });
    const seen: string[] = [];
    for (const group of ['a', 'b', 'c'])
      await bus.subscribe({ group, types: ['test.fanout'], handler: async () => void seen.push(group) });
    const event = testEvent('test.fanout', 'k1');
    await bus.publish(event);
    await bus.publish(event);
    await waitFor(() => seen.length === 3);
    expect(await store.collection('outbox').countDocuments({})).toBe(1);
    await bus.close();
  });

  it("outbox bus, a group's events far apart among many rows of other types, delivered in order and its position moves past the rest", async () => {
    const store = await tempStore();
    const bus = await createOutboxBus({ store, batchSize: 2 });
    const mine = [testEvent('test.mine', 'k1', { n: 1 }), testEvent('test.mine', 'k1', { n: 2 })];
    await bus.publish(mine[0]!);
    for (let n = 0; n < 45; n++) await bus.publish(testEvent('test.other', `k${n}`));
    await bus.publish(mine[1]!);
    for (let n = 0; n < 3; n++) await bus.publish(testEvent('test.other', `k${n}`));
    const handled: string[] = [];

    await bus.subscribe({ group: 'picky', types: ['test.mine'], handler: async (e) => void handled.push(e.id) });

    await waitFor(() => handled.length === 2);
    expect(handled).toEqual(mine.map((e) => e.id));
    await waitFor(
      async () =>
        (await store.collection<{ _id: string; seq: number }>('bus_positions').findOne({ _id: 'picky' }))?.seq === 50,
    );
    await bus.close();
  });

  it("outbox bus, a group reading only its types, never reads the other types' rows from the store", async () => {
    const store = await tempStore();
    const read: string[] = [];
    // The bus's view of the store: its outbox reads are recorded (type of every row it got back).
    const watched = Object.assign(Object.create(store) as DocumentStore, {
      collection: (name: string) => {
        const collection = store.collection(name);
        if (name !== 'outbox') return collection;
        return Object.assign(Object.create(collection) as typeof collection, {
          find: async (...args: Parameters<typeof collection.find>) => {
            const rows = await collection.find(...args);
            read.push(...rows.map((row) => String((row as { type?: unknown }).type)));
            return rows;
          },
        });
      },
    });
    const bus = await createOutboxBus({ store: watched });
    for (let n = 0; n < 20; n++) await bus.publish(testEvent('test.noise', `k${n}`));
    const wanted = testEvent('test.signal', 'k1');
    await bus.publish(wanted);
    const handled: string[] = [];

    await bus.subscribe({
      group: 'signal-only',
      types: ['test.signal'],
      handler: async (e) => void handled.push(e.id),
    });

    await waitFor(() => handled.length === 1);
    expect(read).toContain('test.signal');
    expect(read.filter((type) => type === 'test.noise')).toEqual([]);
    await bus.close();
  });
});

describe('embedded bus, unordered groups', () => {
  it("outbox bus, a group that keeps no per-key order, gets one key's batch all at once while an ordered group gets it one by one", async () => {
    const store = await tempStore();
    const bus = await createOutboxBus({ store });
    for (let n = 0; n < 5; n++) await bus.publish(testEvent('test.line', 'one-user', { n }));
    const concurrency = { loose: 0, looseMax: 0, ordered: 0, orderedMax: 0 };
    const gate = Promise.withResolvers<void>();
    const slow = (kind: 'loose' | 'ordered') => async () => {
      concurrency[kind] += 1;
      concurrency[`${kind}Max`] = Math.max(concurrency[`${kind}Max`], concurrency[kind]);
      await gate.promise;
      concurrency[kind] -= 1;
    };

    await bus.subscribe({ group: 'loose', types: ['test.line'], ordered: false, handler: slow('loose') });
    await bus.subscribe({ group: 'ordered', types: ['test.line'], handler: slow('ordered') });
    await waitFor(() => concurrency.looseMax === 5 && concurrency.orderedMax === 1);
    gate.resolve();

    expect(concurrency.looseMax).toBe(5);
    expect(concurrency.orderedMax).toBe(1);
    await bus.close();
  });
});
