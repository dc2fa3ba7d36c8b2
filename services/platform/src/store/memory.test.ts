import { describe, expect, it } from 'vitest';
import { runStoreContract } from './contract.ts';
import { createMemoryStore } from './memory-store.ts';

// The close/reopen persistence case is left out (options.reopen false): an in-memory store has nothing to reopen.
runStoreContract('memory (test adapter)', async () => {
  const store = createMemoryStore();
  return { store, cleanup: () => store.close() };
});

describe('memory store', () => {
  it('a document read back and changed by the caller, read again, is unchanged in the store', async () => {
    const coll = createMemoryStore().collection('copies');
    const input = { _id: 'a', tags: ['x'], at: new Date(5) };
    const inserted = await coll.insertOne(input);
    input.tags.push('from-input');
    inserted['tags'] = ['from-insert-result'];
    const read = await coll.findOne({ _id: 'a' });
    (read?.['tags'] as string[]).push('from-read');
    expect(await coll.findOne({ _id: 'a' })).toEqual({ _id: 'a', tags: ['x'], at: new Date(5) });
  });

  it('updateMany, a unique-key violation on its second document, changes none of them', async () => {
    const coll = createMemoryStore().collection('all-or-nothing');
    await coll.createIndex({ slot: 1 }, { unique: true });
    await coll.insertMany([{ _id: 'a', slot: 1, g: 1 }, { _id: 'b', slot: 2, g: 1 }, { _id: 'c', slot: 9 }]);
    await expect(coll.updateMany({ g: 1 }, { $set: { slot: 9 } })).rejects.toMatchObject({ code: 'DUPLICATE_KEY' });
    expect((await coll.find({}, { sort: { _id: 1 } })).map((d) => d['slot'])).toEqual([1, 2, 9]);
  });

  it('withTransaction, the store’s own collection used inside it, is refused instead of waiting forever', async () => {
    const store = createMemoryStore();
    const attempt = store.withTransaction(async (tx) => {
      await tx.collection('a').insertOne({ _id: 'x' });
      await store.collection('a').insertOne({ _id: 'y' });
    });
    await expect(attempt).rejects.toThrow(/use tx.collection/);
    expect(await store.collection('a').countDocuments()).toBe(0);
  });

  it('afterCommit, a committed and a rolled-back transaction, runs the callback of the committed one only', async () => {
    const store = createMemoryStore();
    const ran: string[] = [];
    await store.withTransaction(async (tx) => tx.afterCommit(() => ran.push('committed')));
    await expect(store.withTransaction(async (tx) => {
      tx.afterCommit(() => ran.push('rolled back'));
      throw new Error('no');
    })).rejects.toThrow('no');
    expect(ran).toEqual(['committed']);
  });

  it('a read outside a transaction, while one is open, waits and sees only committed data', async () => {
    const store = createMemoryStore();
    let release!: () => void;
    const open = store.withTransaction(async (tx) => {
      await tx.collection('w').insertOne({ _id: 'pending' });
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error('rolled back');
    });
    await new Promise(setImmediate);
    const read = store.collection('w').countDocuments();
    release();
    await expect(open).rejects.toThrow('rolled back');
    expect(await read).toBe(0);
  });

  it('closed store, a write after close, rejects with UNAVAILABLE', async () => {
    const store = createMemoryStore();
    await store.close();
    await expect(store.collection('x').insertOne({ a: 1 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
