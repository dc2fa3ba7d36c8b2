import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import { createTestBroker } from '../bus/fixtures/test-broker.ts';
import { createOutboxBus } from '../bus/outbox-bus.ts';
import { testEvent, waitFor } from '../bus/contract.ts';
import type { DocumentStore, EventBus } from '../ports/index.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { createEventing } from './eventing.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(kind: 'broker' | 'embedded' = 'broker') {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-eventing-'));
  const store: DocumentStore = await createEmbeddedStore({ dir });
  const bus: EventBus =
    kind === 'broker' ? await createTestBroker() : await createOutboxBus({ store, retryDelayMs: 5 });
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  cleanups.push(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { bus, store, lines, events: createEventing({ bus, store, logger }) };
}

const logged = { user_id: 'u1', type: 'play' as const };

describe('eventing', () => {
  it('publish, valid data, delivers a full envelope with the catalogue version', async () => {
    const { events } = await setup();
    const received: EventEnvelope[] = [];
    await events.consume('logging', ['client.logged'], async (e) => void received.push(e));
    const sent = await events.publish('client.logged', 'u1', logged);
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual(sent);
    expect(sent).toMatchObject({ type: 'client.logged', version: 1, key: 'u1', data: logged });
    expect(Date.parse(sent.occurredAt)).not.toBeNaN();
  });

  it('publish, invalid data or unknown type, rejects with VALIDATION_FAILED', async () => {
    const { events } = await setup();
    await expect(events.publish('client.logged', 'u1', { user_id: 5 } as never)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(events.publish('nothing.happened' as never, 'u1', {} as never)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('consume, invalid event on the bus, parks it at once and logs it without calling the handler', async () => {
    const { events, bus, lines } = await setup();
    let calls = 0;
    await events.consume('logging', ['client.logged'], async () => void calls++);
    await bus.publish(testEvent('client.logged', 'u1', { wrong: true }));
    await waitFor(async () => (await bus.parked('logging')).length === 1);
    expect(calls).toBe(0);
    expect((await bus.parked('logging'))[0]!.reason).toContain('invalid event');
    expect(lines.some((l) => l.msg === 'invalid event parked')).toBe(true);
  });

  it('consume, same event id delivered twice, handles it once per group', async () => {
    const { events, bus } = await setup();
    const handled: string[] = [];
    await events.consume('logging', ['client.logged'], async (e) => void handled.push(e.id));
    const event = testEvent('client.logged', 'u1', logged);
    await bus.publish(event);
    await waitFor(() => handled.length === 1);
    await bus.publish(event);
    await new Promise((r) => setTimeout(r, 50));
    expect(handled).toEqual([event.id]);
  });

  it('consume, handler fails once, records the id only after the retry succeeded', async () => {
    const { events, store } = await setup();
    let calls = 0;
    let recordedDuringFailure = -1;
    await events.consume('billing', ['client.logged'], async (e, tx) => {
      calls++;
      if (calls === 1) {
        recordedDuringFailure = await tx.collection('processed_events').countDocuments({ eventId: e.id });
        throw new Error('transient');
      }
    });
    const sent = await events.publish('client.logged', 'u1', logged);
    await waitFor(async () => (await store.collection('processed_events').countDocuments({ eventId: sent.id })) === 1);
    expect(calls).toBe(2);
    expect(recordedDuringFailure).toBe(0);
  });

  it('consume, unknown type asked for, rejects', async () => {
    const { events } = await setup();
    await expect(events.consume('g', ['nothing.happened' as never], async () => undefined)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('eventing in transactions (embedded bus)', () => {
  it('publish, inside a transaction that rolls back, stores and delivers nothing', async () => {
    const { events, store } = await setup('embedded');
    const received: string[] = [];
    await events.consume('logging', ['client.logged'], async (e) => void received.push(e.id));
    const attempt = store.withTransaction(async (tx) => {
      await tx.collection('orders').insertOne({ _id: 'o1' });
      await events.publish('client.logged', 'u1', logged, tx);
      throw new Error('card declined');
    });
    await expect(attempt).rejects.toThrow('card declined');
    const kept = await events.publish('client.logged', 'u2', { user_id: 'u2', type: 'play' });
    await waitFor(() => received.length === 1);
    expect(received).toEqual([kept.id]);
    expect(await store.collection('outbox').countDocuments({})).toBe(1);
    expect(await store.collection('orders').countDocuments({})).toBe(0);
  });

  it('publish, inside a transaction that commits, is delivered with the data it announces already stored', async () => {
    const { events, store } = await setup('embedded');
    const seen: unknown[] = [];
    await events.consume('billing', ['user.registered'], async (e, tx) => {
      seen.push(await tx.collection('users').findOne({ _id: e.data.user_id }));
    });
    await store.withTransaction(async (tx) => {
      await tx.collection('users').insertOne({ _id: 'u9', email: 'u9@example.jp' });
      await events.publish(
        'user.registered',
        'u9',
        { user_id: 'u9', email: 'u9@example.jp', registered_at: new Date().toISOString() },
        tx,
      );
    });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ _id: 'u9', email: 'u9@example.jp' }]);
  });

  it('publishMany, three events between two single publishes, numbers them consecutively in order and delivers each', async () => {
    const { events, store } = await setup('embedded');
    const received: string[] = [];
    await events.consume('logging', ['client.logged'], async (e) => void received.push(e.key));
    await events.publish('client.logged', 'first', logged);
    const many = await store.withTransaction((tx) =>
      events.publishMany(
        'client.logged',
        ['a', 'b', 'c'].map((key) => ({ key, data: { user_id: key, type: 'play' as const } })),
        tx,
      ),
    );
    await events.publish('client.logged', 'last', logged);
    await waitFor(() => received.length === 5);
    const rows = await store.collection<{ _id: string; seq: number }>('outbox').find({}, { sort: { seq: 1 } });
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.slice(1, 4).map((r) => r._id)).toEqual(many.map((e) => e.id));
    expect(received.sort()).toEqual(['a', 'b', 'c', 'first', 'last']);
  });

  it('publishMany, one item the schema refuses, stores none of them', async () => {
    const { events, store } = await setup('embedded');
    const attempt = store.withTransaction((tx) =>
      events.publishMany(
        'client.logged',
        [
          { key: 'a', data: logged },
          { key: 'b', data: { user_id: 5 } as never },
        ],
        tx,
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await store.collection('outbox').countDocuments({})).toBe(0);
  });
  it('consume, handler that writes then fails, rolls its writes back with the attempt and keeps them once after the retry', async () => {
    const { events, store } = await setup('embedded');
    let calls = 0;
    await events.consume('billing', ['client.logged'], async (e, tx) => {
      calls++;
      await tx.collection('effects').insertOne({ _id: `${e.id}-${calls}`, event: e.id });
      if (calls === 1) throw new Error('transient');
    });
    const sent = await events.publish('client.logged', 'u1', logged);
    await waitFor(async () => (await store.collection('processed_events').countDocuments({ eventId: sent.id })) === 1);
    expect((await store.collection('effects').find({})).map((d) => d._id)).toEqual([`${sent.id}-2`]);
  });

  it('consume, a group that subscribes after the event was published, still receives it', async () => {
    const { events } = await setup('embedded');
    const sent = await events.publish('character.published', 'c1', {
      character_id: 'c1',
      name: 'ミライ',
      description: 'demo',
      published_at: new Date().toISOString(),
      version: 1,
    });
    const received: string[] = [];
    await events.consume('dialogue', ['character.published'], async (e) => void received.push(e.data.name));
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['ミライ']);
    expect(sent.type).toBe('character.published');
  });
});
