/** Contract: update operators, replacement, upsert, findOneAndUpdate, deletes, atomic conditional writes. */
import { describe, expect, it } from 'vitest';
import type { Collection, Doc } from '../ports/store.ts';
import { expectCode, uniqueName, type StoreContext } from './contract.ts';

async function withDoc(ctx: StoreContext, doc: Doc): Promise<Collection<Doc>> {
  const coll = ctx.store().collection(uniqueName('upd'));
  await coll.insertOne(doc);
  return coll;
}

export function updateContract(ctx: StoreContext): void {
  describe('update operators', () => {
    it('updateOne, $set on a dotted path and $unset, edits nested fields', async () => {
      const coll = await withDoc(ctx, { _id: 'u', a: 1, profile: { name: 'x', old: true } });
      const res = await coll.updateOne(
        { _id: 'u' },
        { $set: { 'profile.name': 'y', 'profile.deep.k': 2 }, $unset: { 'profile.old': '', a: '' } },
      );
      expect(res).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await coll.findOne({ _id: 'u' })).toEqual({ _id: 'u', profile: { name: 'y', deep: { k: 2 } } });
    });

    it('updateOne, $inc $min $max, change numbers and create missing fields', async () => {
      const coll = await withDoc(ctx, { _id: 'n', count: 5, low: 10, high: 10 });
      await coll.updateOne({ _id: 'n' }, { $inc: { count: -2, fresh: 3 }, $min: { low: 4 }, $max: { high: 4 } });
      expect(await coll.findOne({ _id: 'n' })).toEqual({ _id: 'n', count: 3, fresh: 3, low: 4, high: 10 });
      await coll.updateOne({ _id: 'n' }, { $max: { high: 12, at: new Date(1000) } });
      const doc = await coll.findOne({ _id: 'n' });
      expect(doc?.['high']).toBe(12);
      expect((doc?.['at'] as Date).getTime()).toBe(1000);
    });

    it('updateOne, $push with and without $each, appends to arrays', async () => {
      const coll = await withDoc(ctx, { _id: 'p', list: [1] });
      await coll.updateOne({ _id: 'p' }, { $push: { list: 2, other: 'x' } });
      await coll.updateOne({ _id: 'p' }, { $push: { list: { $each: [3, 4] } } });
      expect(await coll.findOne({ _id: 'p' })).toEqual({ _id: 'p', list: [1, 2, 3, 4], other: ['x'] });
    });

    it('updateOne, $pull by value and by condition, removes matching elements', async () => {
      const coll = await withDoc(ctx, {
        _id: 'p',
        nums: [1, 5, 9, 5],
        items: [
          { k: 'a', n: 1 },
          { k: 'b', n: 2 },
        ],
      });
      await coll.updateOne({ _id: 'p' }, { $pull: { nums: 5, items: { k: 'a' } } });
      expect(await coll.findOne({ _id: 'p' })).toEqual({ _id: 'p', nums: [1, 9], items: [{ k: 'b', n: 2 }] });
      await coll.updateOne({ _id: 'p' }, { $pull: { nums: { $gte: 5 } } });
      expect((await coll.findOne({ _id: 'p' }))?.['nums']).toEqual([1]);
    });

    it('updateOne, $addToSet, adds only values not already present', async () => {
      const coll = await withDoc(ctx, { _id: 's', set: ['a'] });
      await coll.updateOne({ _id: 's' }, { $addToSet: { set: 'a' } });
      await coll.updateOne({ _id: 's' }, { $addToSet: { set: { $each: ['b', 'a', 'c', 'b'] } } });
      expect((await coll.findOne({ _id: 's' }))?.['set']).toEqual(['a', 'b', 'c']);
    });

    it('updateOne, a replacement document, replaces all fields but keeps _id', async () => {
      const coll = await withDoc(ctx, { _id: 'r', a: 1, b: 2 });
      await coll.updateOne({ _id: 'r' }, { c: 3 });
      expect(await coll.findOne({ _id: 'r' })).toEqual({ _id: 'r', c: 3 });
    });

    it('updateOne, an update that changes nothing, reports matched but not modified', async () => {
      const coll = await withDoc(ctx, { _id: 'same', a: 1 });
      expect(await coll.updateOne({ _id: 'same' }, { $set: { a: 1 } })).toEqual({
        matchedCount: 1,
        modifiedCount: 0,
        upsertedId: null,
      });
      expect(await coll.updateOne({ _id: 'none' }, { $set: { a: 1 } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
      });
    });

    it('updateMany, a filter matching several, updates each and counts them', async () => {
      const coll = ctx.store().collection(uniqueName('many'));
      await coll.insertMany([
        { _id: '1', g: 'x', n: 1 },
        { _id: '2', g: 'x', n: 1 },
        { _id: '3', g: 'y', n: 1 },
      ]);
      expect(await coll.updateMany({ g: 'x' }, { $inc: { n: 1 } })).toEqual({
        matchedCount: 2,
        modifiedCount: 2,
        upsertedId: null,
      });
      expect((await coll.find({}, { sort: { _id: 1 } })).map((d) => d['n'])).toEqual([2, 2, 1]);
    });
  });

  describe('upsert and findOneAndUpdate', () => {
    it('updateOne with upsert, no match, inserts from the filter equalities and $setOnInsert', async () => {
      const coll = ctx.store().collection(uniqueName('ups'));
      const res = await coll.updateOne(
        { key: 'k', n: { $gt: 0 } },
        { $set: { v: 1 }, $setOnInsert: { created: true } },
        { upsert: true },
      );
      expect(res.matchedCount).toBe(0);
      expect(typeof res.upsertedId).toBe('string');
      expect(await coll.findOne({ key: 'k' })).toEqual({ _id: res.upsertedId, key: 'k', v: 1, created: true });
    });

    it('updateOne with upsert, a match, updates without applying $setOnInsert', async () => {
      const coll = await withDoc(ctx, { _id: 'e', key: 'k', v: 0 });
      const res = await coll.updateOne(
        { key: 'k' },
        { $set: { v: 2 }, $setOnInsert: { created: true } },
        { upsert: true },
      );
      expect(res).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await coll.findOne({ key: 'k' })).toEqual({ _id: 'e', key: 'k', v: 2 });
    });

    it('updateOne with upsert, an _id in the filter, inserts under that id', async () => {
      const coll = ctx.store().collection(uniqueName('ups'));
      const res = await coll.updateOne({ _id: 'given' }, { $inc: { n: 1 } }, { upsert: true });
      expect(res.upsertedId).toBe('given');
      expect(await coll.findOne({ _id: 'given' })).toEqual({ _id: 'given', n: 1 });
    });

    it('findOneAndUpdate, returnDocument before or after, returns that version', async () => {
      const coll = await withDoc(ctx, { _id: 'f', n: 1 });
      expect(await coll.findOneAndUpdate({ _id: 'f' }, { $inc: { n: 1 } }, { returnDocument: 'before' })).toEqual({
        _id: 'f',
        n: 1,
      });
      expect(await coll.findOneAndUpdate({ _id: 'f' }, { $inc: { n: 1 } })).toEqual({ _id: 'f', n: 3 });
      expect(await coll.findOneAndUpdate({ _id: 'nope' }, { $inc: { n: 1 } })).toBeNull();
    });

    it('findOneAndUpdate, sort and projection, updates the first in order and projects it', async () => {
      const coll = ctx.store().collection(uniqueName('queue'));
      await coll.insertMany([
        { _id: 'j1', state: 'ready', at: 3 },
        { _id: 'j2', state: 'ready', at: 1 },
        { _id: 'j3', state: 'done', at: 0 },
      ]);
      const claimed = await coll.findOneAndUpdate(
        { state: 'ready' },
        { $set: { state: 'running' } },
        { sort: { at: 1 }, projection: { state: 1 } },
      );
      expect(claimed).toEqual({ _id: 'j2', state: 'running' });
    });

    it('findOneAndUpdate with upsert, no match, returns the inserted document (or null for before)', async () => {
      const coll = ctx.store().collection(uniqueName('fup'));
      const after = await coll.findOneAndUpdate({ key: 'a' }, { $inc: { n: 1 } }, { upsert: true });
      expect(after).toMatchObject({ key: 'a', n: 1 });
      expect(typeof after?._id).toBe('string');
      expect(
        await coll.findOneAndUpdate({ key: 'b' }, { $inc: { n: 1 } }, { upsert: true, returnDocument: 'before' }),
      ).toBeNull();
      expect(await coll.countDocuments({ key: 'b' })).toBe(1);
    });
  });

  describe('deletes and conflicts', () => {
    it('deleteOne and deleteMany, matching documents, remove them and count', async () => {
      const coll = ctx.store().collection(uniqueName('del'));
      await coll.insertMany([{ g: 1 }, { g: 1 }, { g: 2 }, { g: 2 }]);
      expect(await coll.deleteOne({ g: 1 })).toEqual({ deletedCount: 1 });
      expect(await coll.deleteMany({ g: 2 })).toEqual({ deletedCount: 2 });
      expect(await coll.deleteMany({ g: 3 })).toEqual({ deletedCount: 0 });
      expect(await coll.countDocuments()).toBe(1);
    });

    it('insertOne, an existing _id, rejects with DUPLICATE_KEY', async () => {
      const coll = await withDoc(ctx, { _id: 'dup', a: 1 });
      await expectCode(coll.insertOne({ _id: 'dup', a: 2 }), 'DUPLICATE_KEY');
      expect(await coll.findOne({ _id: 'dup' })).toEqual({ _id: 'dup', a: 1 });
    });

    it('conditional $inc, 200 concurrent decrements of a balance of 100, never goes negative', async () => {
      const coll = await withDoc(ctx, { _id: 'wallet', balance: 100 });
      const results = await Promise.all(
        Array.from({ length: 200 }, () =>
          coll.updateOne({ _id: 'wallet', balance: { $gte: 1 } }, { $inc: { balance: -1 } }),
        ),
      );
      expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(100);
      expect((await coll.findOne({ _id: 'wallet' }))?.['balance']).toBe(0);
    });

    it('findOneAndUpdate, 50 concurrent claims of 20 jobs, gives each job to exactly one claimer', async () => {
      const coll = ctx.store().collection(uniqueName('claims'));
      await coll.insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: `job${i}`, state: 'ready' })));
      const claims = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          coll.findOneAndUpdate({ state: 'ready' }, { $set: { state: 'taken', by: i } }),
        ),
      );
      const won = claims.filter((c) => c !== null).map((c) => c?._id);
      expect(won).toHaveLength(20);
      expect(new Set(won).size).toBe(20);
    });
  });
}
