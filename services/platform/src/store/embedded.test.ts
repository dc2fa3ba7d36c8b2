import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStoreContract } from './contract.ts';
import { createEmbeddedStore, type EmbeddedStore } from './embedded-store.ts';

runStoreContract(
  'embedded',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-contract-'));
    let store: EmbeddedStore = await createEmbeddedStore({ dir });
    return {
      store,
      async reopen() {
        await store.close();
        store = await createEmbeddedStore({ dir });
        return store;
      },
      async cleanup() {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  { reopen: true },
);

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'store-embedded-'));
}

describe('embedded store', () => {
  it('TTL index, a document past its expiry, is removed by the sweep', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir, ttlIntervalMs: 20 });
    const coll = store.collection('sessions');
    await coll.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await coll.insertMany([
      { _id: 'old', expiresAt: new Date(Date.now() - 1000) },
      { _id: 'new', expiresAt: new Date(Date.now() + 60_000) },
      { _id: 'none' },
    ]);
    await expect.poll(() => coll.countDocuments({ _id: 'old' }), { timeout: 2000 }).toBe(0);
    expect((await coll.find({})).map((d) => d._id).sort()).toEqual(['new', 'none']);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('second open, same directory while the first is open, fails with a clear error', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    await expect(createEmbeddedStore({ dir })).rejects.toThrow(/already open in process/);
    await store.close();
    const again = await createEmbeddedStore({ dir });
    await again.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('closed store, a write after close, rejects with UNAVAILABLE', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    await store.close();
    await expect(store.collection('x').insertOne({ a: 1 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await rm(dir, { recursive: true, force: true });
  });

  it('invalid updates and queries, $inc on a string or an unknown operator, reject with VALIDATION_FAILED and change nothing', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    const coll = store.collection('v');
    await coll.insertOne({ _id: 'a', name: 'x', n: 1 });
    await expect(coll.updateOne({ _id: 'a' }, { $inc: { name: 1, n: 1 } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(coll.updateOne({ _id: 'a' }, { $rename: { n: 'm' } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(coll.find({ n: { $near: 1 } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(coll.find({}, { projection: { name: 1, n: 0 } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await coll.findOne({ _id: 'a' })).toEqual({ _id: 'a', name: 'x', n: 1 });
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('embedded store limits and transactions', () => {
  it('insertOne, a document nested 5,000 levels deep, is refused and the store stays healthy', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    const logs = store.collection('logs');
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 5000; i++) deep = { child: deep };
    await expect(logs.insertOne({ extra: deep })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await logs.insertOne({ _id: 'after', extra: { ok: 1 } });
    await store.close();
    const reopened = await createEmbeddedStore({ dir });
    expect(await reopened.collection('logs').find({})).toEqual([{ _id: 'after', extra: { ok: 1 } }]);
    await reopened.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('insertOne, a document over the size limit, is refused with VALIDATION_FAILED', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir, limits: { maxBytes: 1024 } });
    await expect(store.collection('logs').insertOne({ text: 'x'.repeat(2000) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await store.collection('logs').countDocuments()).toBe(0);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('withTransaction, the store’s own collection used inside it, is refused instead of waiting forever', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    const attempt = store.withTransaction(async (tx) => {
      await tx.collection('a').insertOne({ _id: 'x' });
      await store.collection('a').insertOne({ _id: 'y' });
    });
    await expect(attempt).rejects.toThrow(/use tx.collection/);
    expect(await store.collection('a').countDocuments()).toBe(0);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('commitCount, 50 inserts issued together, commits them in far fewer fsyncs (group commit)', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    const before = store.commitCount();
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.collection('g').insertOne({ i })));
    expect(store.commitCount() - before).toBeLessThanOrEqual(2);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('embedded store documents', () => {
  it('a document with a "__proto__" key holding a date, read back, keeps it as data and pollutes nothing', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    const coll = store.collection('odd');
    const doc = JSON.parse('{"_id":"p","__proto__":{"polluted":"yes"},"s":"\\u0001Dnot a date"}') as { _id: string };
    await coll.insertOne({ ...doc, at: new Date(7) });
    const read = await coll.findOne({ _id: 'p' });
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(read?.['s']).toBe('\u0001Dnot a date');
    expect(read?.['at']).toEqual(new Date(7));
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('embedded store update reports', () => {
  it('updateOne, an equal Date set, an identical replacement or an $addToSet of a member, reports matched but not modified', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir });
    const coll = store.collection('same');
    await coll.insertOne({ _id: 's', at: new Date(5), tags: ['a'], n: 1 });
    const outcomes = [
      await coll.updateOne({ _id: 's' }, { $set: { at: new Date(5) } }),
      await coll.updateOne({ _id: 's' }, { at: new Date(5), tags: ['a'], n: 1 }),
      await coll.updateOne({ _id: 's' }, { $addToSet: { tags: 'a' } }),
      await coll.updateOne({ _id: 's' }, { $inc: { n: 1 } }),
    ];
    expect(outcomes.map((o) => [o.matchedCount, o.modifiedCount])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 1],
    ]);
    expect(await coll.findOne({ _id: 's' })).toEqual({ _id: 's', at: new Date(5), tags: ['a'], n: 2 });
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});
