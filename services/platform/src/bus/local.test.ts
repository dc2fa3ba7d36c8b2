import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import type { DocumentStore, EventBus } from '../ports/index.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { runBusContract, testEvent, waitFor } from './contract.ts';
import { createLocalBus } from './local.ts';

/** A local bus on its own temp store; closing the bus also closes and removes the store. */
async function busOnTempStore(): Promise<EventBus> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-local-bus-'));
  const store = await createEmbeddedStore({ dir });
  const bus = await createLocalBus({ store, retryDelayMs: 5 });
  return {
    ...bus,
    async close() {
      await bus.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

runBusContract('local (embedded store)', busOnTempStore, { inProcess: true });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempStore(): Promise<{ dir: string; store: DocumentStore }> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-local-bus-'));
  const store = await createEmbeddedStore({ dir });
  cleanups.push(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, store };
}

const hang = () => new Promise<void>(() => undefined);

describe('local bus, durability', () => {
  it('local bus, abandoned with a handler hanging and events queued, a new bus on the same store delivers all of them in order', async () => {
    const { store } = await tempStore();
    const first = await createLocalBus({ store, retryDelayMs: 5 });
    let started = 0;
    await first.subscribe({ group: 'g', types: ['test.kept'], handler: async () => { started++; await hang(); } });
    const published = Array.from({ length: 5 }, (_, seq) => testEvent('test.kept', 'k1', { seq }));
    for (const event of published) await first.publish(event);
    await waitFor(() => started === 1);

    // The first bus is never closed, as after kill -9; the store holds what it acknowledged.
    const second = await createLocalBus({ store, retryDelayMs: 5 });
    const handled: EventEnvelope[] = [];
    await second.subscribe({ group: 'g', types: ['test.kept'], handler: async (e) => void handled.push(e) });
    await waitFor(() => handled.length === 5);

    expect(handled.map((e) => e.id)).toEqual(published.map((e) => e.id));
    // The last row goes once its group has finished it (just after the handler returned).
    await waitFor(async () => (await store.collection('bus_events').countDocuments({})) === 0);
    await second.close();
  });

  it('local bus, event published while its group has no live member, is delivered when the group subscribes again', async () => {
    const { store } = await tempStore();
    const first = await createLocalBus({ store });
    const subscription = await first.subscribe({ group: 'g', types: ['test.waiting'], handler: async () => undefined });
    await subscription.close();
    const event = testEvent('test.waiting', 'k1');
    await first.publish(event);
    await first.close();

    const second = await createLocalBus({ store });
    const handled: string[] = [];
    await second.subscribe({ group: 'g', types: ['test.waiting'], handler: async (e) => void handled.push(e.id) });
    await waitFor(() => handled.length === 1);
    expect(handled).toEqual([event.id]);
    await second.close();
  });

  it('local bus, event whose deliveries all died with their process, is parked without running again', async () => {
    const { store } = await tempStore();
    const event = testEvent('test.deadly', 'k1');
    for (let life = 0; life < 2; life++) {
      const bus = await createLocalBus({ store });
      let got = false;
      await bus.subscribe({ group: 'g', types: ['test.deadly'], maxAttempts: 2, handler: async () => { got = true; await hang(); } });
      if (life === 0) await bus.publish(event);
      await waitFor(() => got);
    }
    const last = await createLocalBus({ store });
    let calls = 0;
    await last.subscribe({ group: 'g', types: ['test.deadly'], maxAttempts: 2, handler: async () => void calls++ });
    await waitFor(async () => (await last.parked('g')).length === 1);
    expect(calls).toBe(0);
    expect((await last.parked('g'))[0]!.reason).toContain('died');
    await last.close();
  });
});

describe('local bus, shared store', () => {
  it('local bus, a second bus on the same store took its next sequence, publish skips past it instead of failing', async () => {
    const { store } = await tempStore();
    const first = await createLocalBus({ store, retryDelayMs: 5 });
    const second = await createLocalBus({ store, retryDelayMs: 5 });
    const handled: string[] = [];
    await first.subscribe({ group: 'g', types: ['test.shared'], handler: async (e) => void handled.push(e.id) });
    await second.subscribe({ group: 'other', types: ['test.shared'], handler: async () => await hang() });
    const fromSecond = testEvent('test.shared', 'k1');
    const fromFirst = testEvent('test.shared', 'k2');
    await second.publish(fromSecond);
    await first.publish(fromFirst);
    await waitFor(() => handled.includes(fromFirst.id));
    expect(handled).toEqual([fromFirst.id]);
    expect(await store.collection('bus_events').countDocuments({ 'event.id': fromSecond.id })).toBe(1);
  });
});
