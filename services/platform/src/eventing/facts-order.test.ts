import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import { createTestBroker } from '../bus/fixtures/test-broker.ts';
import { waitFor } from '../bus/contract.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { createEventing } from './eventing.ts';
import { isNotOlder } from './facts-order.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-key-seq-'));
  const store = await createEmbeddedStore({ dir });
  const bus = await createTestBroker();
  cleanups.push(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { store, bus, events: createEventing({ bus, store, logger: pino({ level: 'silent' }) }) };
}

const logged = (user_id: string) => ({ user_id, type: 'play' as const });

describe('write numbers within a key', () => {
  it('publish, events of two keys in and across transactions, numbers each key 1, 2, 3 in order and carries it on the bus', async () => {
    const { store, events } = await setup();
    const received: EventEnvelope[] = [];
    await events.consume('key-seq', ['client.logged'], async (e) => void received.push(e));

    const firstTx = await store.withTransaction((tx) =>
      events.publishMany(
        'client.logged',
        [
          { key: 'u1', data: logged('u1') },
          { key: 'u2', data: logged('u2') },
          { key: 'u1', data: logged('u1') },
        ],
        tx,
      ),
    );
    const later = await events.publish('client.logged', 'u1', logged('u1'));
    await waitFor(() => received.length === 4);

    expect(firstTx.map((e) => [e.key, e.keySeq])).toEqual([
      ['u1', 1],
      ['u2', 1],
      ['u1', 2],
    ]);
    expect(later.keySeq).toBe(3);
    expect(received.find((e) => e.id === later.id)?.keySeq).toBe(3);
  });

  it('publish, a transaction rolled back, gives its numbers back (the next write of the key takes them)', async () => {
    const { store, events } = await setup();
    await events.publish('client.logged', 'u1', logged('u1'));

    await store
      .withTransaction(async (tx) => {
        await events.publish('client.logged', 'u1', logged('u1'), tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const next = await events.publish('client.logged', 'u1', logged('u1'));

    expect(next.keySeq).toBe(2);
  });
});

describe('isNotOlder', () => {
  const at = (iso: string, keySeq?: number) => ({ occurredAt: iso, ...(keySeq ? { keySeq } : {}) });

  it('isNotOlder, both with write numbers, orders by them whatever the clocks say', () => {
    expect(isNotOlder(at('2026-11-27T10:00:10.000Z', 5), { at: '2026-11-27T10:00:01.000Z', seq: 6 })).toBe(false);
    expect(isNotOlder(at('2026-11-27T10:00:00.000Z', 7), { at: '2026-11-27T10:00:01.000Z', seq: 6 })).toBe(true);
  });

  it('isNotOlder, a write number missing on either side, falls back to the time', () => {
    expect(isNotOlder(at('2026-11-27T10:00:10.000Z'), { at: '2026-11-27T10:00:01.000Z', seq: 6 })).toBe(true);
    expect(isNotOlder(at('2026-11-27T10:00:00.000Z', 9), { at: '2026-11-27T10:00:01.000Z' })).toBe(false);
  });

  it('isNotOlder, nothing kept, is true', () => {
    expect(isNotOlder(at('2026-11-27T10:00:00.000Z', 1), null)).toBe(true);
  });
});
