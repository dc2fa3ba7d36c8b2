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
    await coll.insertMany([{ _id: 'old', expiresAt: new Date(Date.now() - 1000) }, { _id: 'new', expiresAt: new Date(Date.now() + 60_000) }, { _id: 'none' }]);
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

  it('compaction, during concurrent writes, keeps every write across reopen', async () => {
    const dir = await tempDir();
    const store = await createEmbeddedStore({ dir, compactAfterBytes: 4096 });
    const coll = store.collection('log');
    await coll.createIndex({ seq: 1 }, { unique: true });
    const writes = Array.from({ length: 500 }, (_, i) => coll.insertOne({ seq: i, body: 'x'.repeat(50) }));
    const manual = store.compact();
    await Promise.all([...writes, manual]);
    await coll.updateMany({ seq: { $lt: 100 } }, { $set: { early: true } });
    await store.close();
    const reopened = await createEmbeddedStore({ dir });
    const again = reopened.collection('log');
    expect(await again.countDocuments()).toBe(500);
    expect(await again.countDocuments({ early: true })).toBe(100);
    await expect(again.insertOne({ seq: 7 })).rejects.toMatchObject({ code: 'DUPLICATE_KEY' });
    await reopened.close();
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
    await expect(coll.updateOne({ _id: 'a' }, { $inc: { name: 1, n: 1 } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(coll.updateOne({ _id: 'a' }, { $rename: { n: 'm' } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(coll.find({ n: { $near: 1 } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(coll.find({}, { projection: { name: 1, n: 0 } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await coll.findOne({ _id: 'a' })).toEqual({ _id: 'a', name: 'x', n: 1 });
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});
