import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxBus } from '../bus/outbox-bus.ts';
import type { DocumentStore } from '../ports/index.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { eventually } from '../testing/eventually.ts';
import { createEventing } from './eventing.ts';
import { consumeFactsRequests, pageQuery, type FactsOwner } from './facts-requests.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The embedded store (one writer at a time: a page inside the request's transaction would wait forever) and its outbox bus. */
async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-facts-'));
  const store: DocumentStore = await createEmbeddedStore({ dir });
  const bus = await createOutboxBus({ store, retryDelayMs: 5 });
  cleanups.push(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { store, events: createEventing({ bus, store, logger: pino({ level: 'silent' }) }) };
}

/** An owner whose one section "announces" the documents of `things` by recording each page's cursor and ids. */
function recordingOwner(pageSize: number) {
  const pages: Array<{ after: string | null; ids: string[] }> = [];
  const owner: FactsOwner = {
    owner: 'test-owner',
    pageSize,
    sections: [
      {
        name: 'things',
        async page(tx, _events, after, limit) {
          const q = pageQuery({}, after, limit);
          const ids = (await tx.collection<{ _id: string }>('things').find(q.filter, q.options)).map((d) => d._id);
          pages.push({ after, ids });
          return ids;
        },
      },
    ],
  };
  return { owner, pages };
}

async function storeThings(store: DocumentStore, ids: string[]): Promise<void> {
  for (const _id of ids) await store.collection<{ _id: string }>('things').insertOne({ _id });
}

describe('facts requests', () => {
  it('consumeFactsRequests, a request for the owner, announces every document in pages of the size asked, each after the last', async () => {
    const { store, events } = await setup();
    await storeThings(store, ['a', 'b', 'c', 'd', 'e']);
    const { owner, pages } = recordingOwner(2);
    const consumer = await consumeFactsRequests(store, events, owner);
    cleanups.push(() => consumer.close());

    await events.publish('facts.requested', 'test-owner', { owner: 'test-owner', by: 'someone' });

    await eventually(async () => pages.length >= 3 || undefined);
    expect(pages).toEqual([
      { after: null, ids: ['a', 'b'] },
      { after: 'b', ids: ['c', 'd'] },
      { after: 'd', ids: ['e'] },
    ]);
    await eventually(
      async () =>
        (await store.collection('test-owner_announcements').findOne({ _id: 'owed-facts' })) === null || undefined,
    );
  });

  it('consumeFactsRequests, a request for another owner then one for it, announces once', async () => {
    const { store, events } = await setup();
    await storeThings(store, ['a']);
    const { owner, pages } = recordingOwner(2);
    const consumer = await consumeFactsRequests(store, events, owner);
    cleanups.push(() => consumer.close());

    await events.publish('facts.requested', 'other-owner', { owner: 'other-owner', by: 'someone' });
    await events.publish('facts.requested', 'test-owner', { owner: 'test-owner', by: 'someone' });

    await eventually(async () => pages.length >= 1 || undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(pages).toEqual([{ after: null, ids: ['a'] }]);
  });

  it('consumeFactsRequests, an announcement owed when the process stopped, is made at start', async () => {
    const { store, events } = await setup();
    await storeThings(store, ['a']);
    await store
      .collection('test-owner_announcements')
      .insertOne({ _id: 'owed-facts', requested_at: new Date().toISOString() });
    const { owner, pages } = recordingOwner(2);

    const consumer = await consumeFactsRequests(store, events, owner);
    cleanups.push(() => consumer.close());

    await eventually(async () => pages.length >= 1 || undefined);
    expect(pages[0]).toEqual({ after: null, ids: ['a'] });
  });

  it('consumeFactsRequests, a request asked well before the last announcement started, is covered by it', async () => {
    const { store, events } = await setup();
    await storeThings(store, ['a']);
    await store
      .collection('test-owner_announcements')
      .insertOne({ _id: 'current-facts', done_at: new Date(Date.now() + 60_000).toISOString() });
    const { owner, pages } = recordingOwner(2);
    const consumer = await consumeFactsRequests(store, events, owner);
    cleanups.push(() => consumer.close());

    await events.publish('facts.requested', 'test-owner', { owner: 'test-owner', by: 'someone' });

    await new Promise((r) => setTimeout(r, 300));
    expect(pages).toEqual([]);
  });

  it('consumeFactsRequests, closed while announcing, stops between pages and leaves the debt for the next start', async () => {
    const { store, events } = await setup();
    await storeThings(store, ['a', 'b', 'c', 'd', 'e']);
    const { owner, pages } = recordingOwner(1);
    let consumer: { close(): Promise<void> } | null = null;
    let closing: Promise<void> | null = null;
    const section = owner.sections[0]!;
    const stopAfterFirst: FactsOwner = {
      ...owner,
      sections: [
        {
          ...section,
          page: async (tx, ev, after, limit) => {
            const ids = await section.page(tx, ev, after, limit);
            if (pages.length === 1 && consumer) closing = consumer.close();
            return ids;
          },
        },
      ],
    };
    consumer = await consumeFactsRequests(store, events, stopAfterFirst);

    await events.publish('facts.requested', 'test-owner', { owner: 'test-owner', by: 'someone' });

    await eventually(async () => closing !== null || undefined);
    await closing;
    expect(pages).toHaveLength(1);
    expect(await store.collection('test-owner_announcements').findOne({ _id: 'owed-facts' })).not.toBeNull();
  });
});
