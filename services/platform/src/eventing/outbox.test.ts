import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import { createTestBroker } from '../bus/fixtures/test-broker.ts';
import { waitFor } from '../bus/contract.ts';
import type { DocumentStore, EventBus } from '../ports/index.ts';
import type { Eventing } from '../service/index.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { createEventing } from './eventing.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bus in front of a test broker whose publish rejects while `down` (a broker outage). */
type FlakyBus = EventBus & { down: boolean; refused: number; refuseKey?: string };
function flaky(inner: EventBus): FlakyBus {
  const bus: FlakyBus = {
    ...inner,
    down: false,
    refused: 0,
    async publish(event) {
      if (bus.down || event.key === bus.refuseKey) {
        bus.refused++;
        throw new Error('broker unreachable');
      }
      await inner.publish(event);
    },
  };
  return bus;
}

const logger = pino({ level: process.env.DBG ? 'debug' : 'silent' });
const relayTuning = { retryMinMs: 10, retryMaxMs: 40, sweepEveryMs: 60_000 };

async function openStore(dir: string): Promise<DocumentStore> {
  return createEmbeddedStore({ dir });
}

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-outbox-'));
  const store = await openStore(dir);
  const bus = flaky(await createTestBroker());
  const events = createEventing({ bus, store, logger, outbox: relayTuning });
  const received: EventEnvelope[] = [];
  await events.consume('logging', ['client.logged'], async (e) => void received.push(e));
  cleanups.push(async () => {
    await events.close();
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, store, bus, events, received };
}

const logged = (n: number) => ({ user_id: 'u1', type: 'play' as const, message: String(n) });
const messages = (events: EventEnvelope[], key: string) =>
  events.filter((e) => e.key === key).map((e) => (e.data as { message: string }).message);

describe('eventing outbox', () => {
  it('publish, bus up, delivers and marks the outbox entry sent', async () => {
    const { events, store, received } = await setup();
    const sent = await events.publish('client.logged', 'u1', logged(1));
    await waitFor(() => received.length === 1);
    await waitFor(async () => (await store.collection('outbox').findOne({ _id: sent.id }))?.['sentAt'] instanceof Date);
    expect(received[0]!.id).toBe(sent.id);
  });

  it('publish, broker down, resolves and the event is delivered once the broker is back', async () => {
    const { events, bus, received, store } = await setup();
    bus.down = true;
    const sent = await events.publish('client.logged', 'u1', logged(1));
    expect(await store.collection('outbox').countDocuments({ _id: sent.id, sentAt: null })).toBe(1);
    await waitFor(() => bus.refused >= 2);
    expect(received).toEqual([]);
    bus.down = false;
    await waitFor(() => received.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(received.map((e) => e.id)).toEqual([sent.id]);
  });

  it('publish, broker down then back between publishes, keeps publish order per key', async () => {
    const { events, bus, received } = await setup();
    bus.down = true;
    for (let n = 1; n <= 3; n++) {
      await events.publish('client.logged', 'alpha', logged(n));
      await events.publish('client.logged', 'beta', logged(n));
    }
    bus.down = false;
    // Published while older entries of the key still wait for the retry: must not overtake them.
    await events.publish('client.logged', 'alpha', logged(4));
    await waitFor(() => received.length === 7);
    expect(messages(received, 'alpha')).toEqual(['1', '2', '3', '4']);
    expect(messages(received, 'beta')).toEqual(['1', '2', '3']);
  });

  it('relay, one key always refused while others flow, backs off for that key alone and delivers the others', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talkwith-outbox-'));
    const store = await openStore(dir);
    const bus = flaky(await createTestBroker());
    bus.refuseKey = 'stuck';
    const received: EventEnvelope[] = [];
    await bus.subscribe({ group: 'logging', types: ['client.logged'], handler: async (e) => void received.push(e) });
    const events = createEventing({
      bus,
      store,
      logger,
      outbox: { retryMinMs: 10, retryMaxMs: 1000, sweepEveryMs: 60_000 },
    });
    await events.publish('client.logged', 'stuck', logged(0));
    for (let n = 1; n <= 20; n++) {
      await events.publish('client.logged', 'fine', logged(n));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(messages(received, 'fine')).toHaveLength(20);
    // 10, 20, 40, 80, 160, 320 ms: a handful of tries in ~450 ms, not one per successful hand-off of another key.
    expect(bus.refused).toBeLessThanOrEqual(8);
    await events.close();
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('eventing, dropped without close after publishing into a dead broker, a new instance on the same store dir delivers in order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talkwith-outbox-crash-'));
    const deadBus = flaky(await createTestBroker());
    deadBus.down = true;
    const firstStore = await openStore(dir);
    const crashed: Eventing = createEventing({ bus: deadBus, store: firstStore, logger, outbox: relayTuning });
    const published = [
      await crashed.publish('client.logged', 'alpha', logged(1)),
      await crashed.publish('client.logged', 'alpha', logged(2)),
    ];
    // The "process" dies: the eventing instance is never closed. Its store is released so the directory can be reopened.
    await firstStore.close();

    const store = await openStore(dir);
    const bus = await createTestBroker();
    const received: EventEnvelope[] = [];
    // Subscribed before the new instance's relay starts, so the events arrive while it watches.
    await bus.subscribe({ group: 'logging', types: ['client.logged'], handler: async (e) => void received.push(e) });
    const restarted = createEventing({ bus, store, logger, outbox: relayTuning });
    await restarted.publish('client.logged', 'alpha', logged(3));
    await waitFor(() => received.length === 3);

    expect(received.slice(0, 2).map((e) => e.id)).toEqual(published.map((e) => e.id));
    expect(messages(received, 'alpha')).toEqual(['1', '2', '3']);
    await waitFor(async () => (await store.collection('outbox').countDocuments({ sentAt: null })) === 0);
    await Promise.all([restarted.close(), crashed.close()]);
    await bus.close();
    await deadBus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('eventing, closed, a later publish is stored for the next start and resolves', async () => {
    const { events, store, received } = await setup();
    await events.close();
    const sent = await events.publish('client.logged', 'u1', logged(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([]);
    expect(await store.collection('outbox').countDocuments({ _id: sent.id, sentAt: null })).toBe(1);
  });
});
