import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentStore, Eventing } from '@talkwith/platform';
import { createOutboxBus } from '@talkwith/platform/bus';
import { createEventing } from '@talkwith/platform/eventing';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { createLinePublisher } from './line-publisher.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An embedded store counting its transactions, with eventing on the outbox bus. */
async function setup(): Promise<{ store: DocumentStore; events: Eventing; transactions: () => number }> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-lines-'));
  const store = await createEmbeddedStore({ dir });
  const bus = await createOutboxBus({ store, retryDelayMs: 5 });
  cleanups.push(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  let count = 0;
  const withTransaction = store.withTransaction.bind(store);
  const counting = Object.assign(Object.create(store) as DocumentStore, {
    withTransaction: ((fn: Parameters<DocumentStore['withTransaction']>[0]) => {
      count += 1;
      return withTransaction(fn);
    }) as DocumentStore['withTransaction'],
  });
  return {
    store: counting,
    events: createEventing({ bus, store, logger: pino({ level: 'silent' }) }),
    transactions: () => count,
  };
}

const line = (n: number) => ({ user_id: `u${n}`, type: 'play' as const, message: `line ${n}` });

describe('line publisher', () => {
  it('publish, 100 lines at once, stores every line in the outbox in far fewer transactions than lines', async () => {
    const { store, events, transactions } = await setup();
    const publisher = createLinePublisher(store, events);

    const ids = await Promise.all(Array.from({ length: 100 }, (_, n) => publisher.publish(`u${n}`, line(n))));

    expect(new Set(ids).size).toBe(100);
    expect(await store.collection('outbox').countDocuments({ type: 'client.logged' })).toBe(100);
    expect(transactions()).toBeLessThanOrEqual(3);
  });

  it('publish, a line the event schema refuses among good ones, fails alone and the others are stored', async () => {
    const { store, events } = await setup();
    const publisher = createLinePublisher(store, events);
    const bad = { user_id: 'u9', type: 'not-a-category' } as unknown as ReturnType<typeof line>;

    const results = await Promise.allSettled([
      publisher.publish('u1', line(1)),
      publisher.publish('u9', bad),
      publisher.publish('u2', line(2)),
    ]);

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.collection('outbox').countDocuments({ type: 'client.logged' })).toBe(2);
  });
});
