/** Contract: unique, compound and secondary indexes, and persistence across reopen. */
import { describe, expect, it } from 'vitest';
import { expectCode, uniqueName, type StoreContext } from './contract.ts';

export function indexContract(ctx: StoreContext): void {
  describe('indexes', () => {
    it('unique index, a second insert of the same key, rejects with DUPLICATE_KEY and stores nothing', async () => {
      const coll = ctx.store().collection(uniqueName('uniq'));
      await coll.createIndex({ email: 1 }, { unique: true });
      await coll.insertOne({ _id: 'a', email: 'a@x' });
      await expectCode(coll.insertOne({ _id: 'b', email: 'a@x' }), 'DUPLICATE_KEY');
      expect(await coll.countDocuments()).toBe(1);
    });

    it('unique index, an update to a taken key, rejects and leaves the document unchanged', async () => {
      const coll = ctx.store().collection(uniqueName('uniq'));
      await coll.createIndex({ email: 1 }, { unique: true });
      await coll.insertMany([
        { _id: 'a', email: 'a@x' },
        { _id: 'b', email: 'b@x' },
      ]);
      await expectCode(coll.updateOne({ _id: 'b' }, { $set: { email: 'a@x' } }), 'DUPLICATE_KEY');
      await expectCode(
        coll.updateOne({ email: 'new@x' }, { $set: { email: 'b@x' } }, { upsert: true }),
        'DUPLICATE_KEY',
      );
      expect(await coll.findOne({ _id: 'b' })).toEqual({ _id: 'b', email: 'b@x' });
      await coll.updateOne({ _id: 'b' }, { $set: { email: 'c@x' } });
      await coll.insertOne({ _id: 'd', email: 'b@x' });
      expect(await coll.countDocuments()).toBe(3);
    });

    it('compound unique index, keys equal on every field only, rejects the duplicate', async () => {
      const coll = ctx.store().collection(uniqueName('compound'));
      await coll.createIndex({ user: 1, day: -1 }, { unique: true });
      await coll.insertOne({ user: 'u1', day: '2024-01-01' });
      await coll.insertOne({ user: 'u1', day: '2024-01-02' });
      await coll.insertOne({ user: 'u2', day: '2024-01-01' });
      await expectCode(coll.insertOne({ user: 'u1', day: '2024-01-01' }), 'DUPLICATE_KEY');
      expect(await coll.countDocuments()).toBe(3);
    });

    it('createIndex unique, on data that already violates it, rejects with DUPLICATE_KEY and enforces nothing', async () => {
      const coll = ctx.store().collection(uniqueName('late'));
      await coll.insertMany([{ k: 1 }, { k: 1 }]);
      await expectCode(coll.createIndex({ k: 1 }, { unique: true }), 'DUPLICATE_KEY');
      await coll.insertOne({ k: 1 });
      expect(await coll.countDocuments({ k: 1 })).toBe(3);
    });

    it('createIndex, called twice with the same keys, succeeds both times', async () => {
      const coll = ctx.store().collection(uniqueName('twice'));
      await coll.createIndex({ k: 1 }, { unique: true });
      await coll.createIndex({ k: 1 }, { unique: true });
      await coll.insertOne({ k: 1 });
      await expectCode(coll.insertOne({ k: 1 }), 'DUPLICATE_KEY');
    });

    it('concurrent inserts of one unique key, 20 at once, let exactly one succeed', async () => {
      const coll = ctx.store().collection(uniqueName('race'));
      await coll.createIndex({ handle: 1 }, { unique: true });
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => coll.insertOne({ handle: 'same' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(
        results
          .filter((r) => r.status === 'rejected')
          .every((r) => (r as PromiseRejectedResult).reason.code === 'DUPLICATE_KEY'),
      ).toBe(true);
    });

    it('secondary index, documents inserted, updated and deleted, answers equality and $in like a scan', async () => {
      const coll = ctx.store().collection(uniqueName('sec'));
      await coll.createIndex({ owner: 1 });
      await coll.createIndex({ tags: 1 });
      await coll.insertMany(
        Array.from({ length: 30 }, (_, i) => ({ _id: `d${i}`, owner: `o${i % 3}`, tags: [`t${i % 5}`], n: i })),
      );
      await coll.updateMany({ owner: 'o1' }, { $set: { owner: 'o2' } });
      await coll.deleteMany({ n: { $lt: 6 } });
      expect(await coll.countDocuments({ owner: 'o1' })).toBe(0);
      expect(await coll.countDocuments({ owner: 'o2' })).toBe(16);
      expect(await coll.countDocuments({ owner: { $in: ['o0', 'o2'] } })).toBe(24);
      expect(await coll.countDocuments({ owner: 'o0', n: { $gte: 15 } })).toBe(5);
      expect(await coll.countDocuments({ tags: 't0' })).toBe(4);
    });

    it('countDocuments on an indexed field, values of every type beside the strings, counts exactly what find matches', async () => {
      const coll = ctx.store().collection(uniqueName('count'));
      await coll.createIndex({ who: 1 });
      const odd = [
        { who: 5 },
        { who: true },
        { who: null },
        {},
        { who: { name: 'a' } },
        { who: '{"name":"a"}' },
        { who: new Date(5) },
        { who: '\u0001Dx' },
        { who: '' },
      ];
      await coll.insertMany([...odd, ...['a', 'a', 'b', 'c', 'ab'].map((who) => ({ who }))]);
      const filters = [
        { who: 'a' },
        { who: '{"name":"a"}' },
        { who: { $gte: 'a', $lt: 'b' } },
        { who: { $lt: 'b' } },
        { who: { $gt: '' } },
        { who: { $in: ['a', 'c', ''] } },
        { who: '' },
        { who: '\u0001Dx' },
        { who: { $lte: 'c' }, _id: { $gte: '' } },
        {},
      ];
      for (const filter of filters)
        expect(await coll.countDocuments(filter), JSON.stringify(filter)).toBe((await coll.find(filter)).length);
      expect(await coll.countDocuments({ who: { $gte: 'a', $lt: 'b' } })).toBe(3);
    });
  });

  describe('persistence', () => {
    it.runIf(ctx.canReopen)('store, closed and reopened, keeps documents, Dates and unique indexes', async () => {
      const name = uniqueName('persist');
      const coll = ctx.store().collection(name);
      await coll.createIndex({ email: 1 }, { unique: true });
      await coll.insertMany([
        { _id: 'a', email: 'a@x', at: new Date(42), n: 1 },
        { _id: 'b', email: 'b@x' },
      ]);
      await coll.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
      await coll.deleteOne({ _id: 'b' });
      const reopened = (await ctx.reopen()).collection(name);
      const doc = await reopened.findOne({ _id: 'a' });
      expect(doc).toMatchObject({ email: 'a@x', n: 2 });
      expect(doc?.['at']).toEqual(new Date(42));
      expect(await reopened.countDocuments()).toBe(1);
      await expectCode(reopened.insertOne({ email: 'a@x' }), 'DUPLICATE_KEY');
      await reopened.insertOne({ email: 'b@x' });
    });
  });
}
