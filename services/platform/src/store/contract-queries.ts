/** Contract: the filter language, sort/skip/limit, projection, counting, copies. */
import { describe, expect, it } from 'vitest';
import type { Collection, Doc } from '../ports/store.ts';
import { uniqueName, type StoreContext } from './contract.ts';

const PEOPLE = [
  {
    _id: 'p1',
    name: 'Aiko',
    age: 30,
    city: 'Tokyo',
    tags: ['a', 'b'],
    address: { zip: '100', city: 'Tokyo' },
    born: new Date('1995-01-01T00:00:00Z'),
    items: [
      { sku: 'x', qty: 1 },
      { sku: 'y', qty: 5 },
    ],
  },
  {
    _id: 'p2',
    name: 'Ben',
    age: 25,
    city: 'Osaka',
    tags: ['b'],
    address: { zip: '530', city: 'Osaka' },
    born: new Date('2000-06-01T00:00:00Z'),
    items: [{ sku: 'y', qty: 2 }],
  },
  {
    _id: 'p3',
    name: 'Chie',
    age: 35,
    city: 'Tokyo',
    tags: [],
    address: { zip: '150' },
    born: new Date('1990-03-01T00:00:00Z'),
    items: [],
  },
  { _id: 'p4', name: 'Dan', age: 25, nickname: null, tags: ['c', 'a', 'd'], items: [{ sku: 'x', qty: 9 }] },
];

async function seeded(ctx: StoreContext): Promise<Collection<Doc>> {
  const coll = ctx.store().collection(uniqueName('people'));
  await coll.insertMany(PEOPLE);
  return coll;
}

async function ids(coll: Collection<Doc>, filter: Record<string, unknown>): Promise<string[]> {
  return (await coll.find(filter)).map((d) => d._id).sort();
}

export function queryContract(ctx: StoreContext): void {
  describe('find filters', () => {
    it('find, equality on a top-level and a dotted field, returns the matching documents', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { city: 'Tokyo' })).toEqual(['p1', 'p3']);
      expect(await ids(coll, { 'address.zip': '530' })).toEqual(['p2']);
      expect(await ids(coll, { city: 'Tokyo', age: 35 })).toEqual(['p3']);
    });

    it('find, a scalar against an array field, matches element-wise', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { tags: 'a' })).toEqual(['p1', 'p4']);
      expect(await ids(coll, { tags: ['b'] })).toEqual(['p2']);
      expect(await ids(coll, { 'items.sku': 'x' })).toEqual(['p1', 'p4']);
      expect(await ids(coll, { 'items.qty': { $gt: 4 } })).toEqual(['p1', 'p4']);
    });

    it('find, comparison operators, compare within one type only', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { age: { $eq: 25 } })).toEqual(['p2', 'p4']);
      expect(await ids(coll, { age: { $gt: 25 } })).toEqual(['p1', 'p3']);
      expect(await ids(coll, { age: { $gte: 30, $lt: 35 } })).toEqual(['p1']);
      expect(await ids(coll, { age: { $lte: 25 } })).toEqual(['p2', 'p4']);
      expect(await ids(coll, { name: { $gt: 'B', $lt: 'D' } })).toEqual(['p2', 'p3']);
      expect(await ids(coll, { age: { $gt: '0' } })).toEqual([]);
    });

    it('find, $ne and $nin, also match documents missing the field', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { city: { $ne: 'Tokyo' } })).toEqual(['p2', 'p4']);
      expect(await ids(coll, { tags: { $ne: 'b' } })).toEqual(['p3', 'p4']);
      expect(await ids(coll, { city: { $nin: ['Tokyo', 'Osaka'] } })).toEqual(['p4']);
    });

    it('find, $in, matches any listed value including array elements', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { age: { $in: [30, 35] } })).toEqual(['p1', 'p3']);
      expect(await ids(coll, { tags: { $in: ['d', 'zz'] } })).toEqual(['p4']);
      expect(await ids(coll, { _id: { $in: ['p2', 'p3', 'nope'] } })).toEqual(['p2', 'p3']);
    });

    it('find, $exists and null equality, follow MongoDB semantics', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { city: { $exists: false } })).toEqual(['p4']);
      expect(await ids(coll, { nickname: { $exists: true } })).toEqual(['p4']);
      expect(await ids(coll, { 'address.city': { $exists: true } })).toEqual(['p1', 'p2']);
      expect(await ids(coll, { nickname: null })).toEqual(['p1', 'p2', 'p3', 'p4']);
    });

    it('find, $regex as string with options and as RegExp, matches strings', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { name: { $regex: '^a', $options: 'i' } })).toEqual(['p1']);
      expect(await ids(coll, { name: /n$/ })).toEqual(['p2', 'p4']);
      expect(await ids(coll, { tags: { $regex: '^[cd]$' } })).toEqual(['p4']);
    });

    it('find, $and $or $nor and $not, combine conditions', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { $or: [{ age: 35 }, { city: 'Osaka' }] })).toEqual(['p2', 'p3']);
      expect(await ids(coll, { $and: [{ age: { $gte: 25 } }, { age: { $lte: 25 } }] })).toEqual(['p2', 'p4']);
      expect(await ids(coll, { $nor: [{ city: 'Tokyo' }, { age: 25 }] })).toEqual([]);
      expect(await ids(coll, { age: { $not: { $gt: 25 } } })).toEqual(['p2', 'p4']);
      expect(await ids(coll, { $or: [{ city: 'Tokyo' }], age: { $lt: 33 } })).toEqual(['p1']);
    });

    it('find, $elemMatch, requires one element to meet every condition', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { items: { $elemMatch: { sku: 'y', qty: { $gte: 5 } } } })).toEqual(['p1']);
      expect(await ids(coll, { 'items.sku': 'y', 'items.qty': 1 })).toEqual(['p1']);
      expect(await ids(coll, { items: { $elemMatch: { sku: 'x', qty: 5 } } })).toEqual([]);
      const scores = ctx.store().collection(uniqueName('scores'));
      await scores.insertMany([
        { _id: 's1', results: [82, 85, 88] },
        { _id: 's2', results: [75, 88, 89] },
      ]);
      expect((await scores.find({ results: { $elemMatch: { $gte: 80, $lt: 85 } } })).map((d) => d._id)).toEqual(['s1']);
    });

    it('find, $size, matches arrays of exactly that length', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { tags: { $size: 0 } })).toEqual(['p3']);
      expect(await ids(coll, { tags: { $size: 3 } })).toEqual(['p4']);
    });

    it('find, Date conditions, compare as dates', async () => {
      const coll = await seeded(ctx);
      expect(await ids(coll, { born: { $lt: new Date('1996-01-01T00:00:00Z') } })).toEqual(['p1', 'p3']);
      expect(await ids(coll, { born: new Date('2000-06-01T00:00:00Z') })).toEqual(['p2']);
    });
  });

  describe('find options', () => {
    it('find, multi-key sort with skip and limit, pages in order', async () => {
      const coll = await seeded(ctx);
      const sorted = await coll.find({}, { sort: { age: 1, name: -1 } });
      expect(sorted.map((d) => d._id)).toEqual(['p4', 'p2', 'p1', 'p3']);
      const page = await coll.find({}, { sort: { age: -1 }, skip: 1, limit: 2 });
      expect(page).toHaveLength(2);
      expect(page[0]?._id).toBe('p1');
      expect(['p2', 'p4']).toContain(page[1]?._id);
      expect(await coll.find({}, { sort: { 'address.zip': -1 }, limit: 1 })).toMatchObject([{ _id: 'p2' }]);
    });

    it('findOne, with a sort, returns the first in that order', async () => {
      const coll = await seeded(ctx);
      expect(await coll.findOne({ city: 'Tokyo' }, { sort: { age: -1 } })).toMatchObject({ _id: 'p3' });
      expect(await coll.findOne({ city: 'Nagoya' })).toBeNull();
    });

    it('find, inclusion projection, returns only the named fields and _id', async () => {
      const coll = await seeded(ctx);
      const [doc] = await coll.find({ _id: 'p1' }, { projection: { name: 1, 'address.zip': 1 } });
      expect(doc).toEqual({ _id: 'p1', name: 'Aiko', address: { zip: '100' } });
      const [noId] = await coll.find({ _id: 'p1' }, { projection: { name: 1, _id: 0 } });
      expect(noId).toEqual({ name: 'Aiko' });
    });

    it('findOne, exclusion projection, drops the named fields', async () => {
      const coll = await seeded(ctx);
      const doc = await coll.findOne({ _id: 'p2' }, { projection: { items: 0, 'address.city': 0, born: 0 } });
      expect(doc).toEqual({ _id: 'p2', name: 'Ben', age: 25, city: 'Osaka', tags: ['b'], address: { zip: '530' } });
    });

    it('countDocuments, with and without a filter, counts matches', async () => {
      const coll = await seeded(ctx);
      expect(await coll.countDocuments()).toBe(4);
      expect(await coll.countDocuments({ age: 25 })).toBe(2);
      expect(await ctx.store().collection(uniqueName('empty')).countDocuments({})).toBe(0);
    });
  });

  describe('documents', () => {
    it('insertOne, without _id, generates a string id', async () => {
      const coll = ctx.store().collection(uniqueName('gen'));
      const doc = await coll.insertOne({ title: 'x' });
      expect(typeof doc._id).toBe('string');
      expect(await coll.findOne({ _id: doc._id })).toEqual({ _id: doc._id, title: 'x' });
    });

    it('Dates, stored and read back, are Date objects with the same time', async () => {
      const coll = ctx.store().collection(uniqueName('dates'));
      const at = new Date('2024-02-29T12:34:56.789Z');
      await coll.insertOne({ _id: 'd', at, nested: { list: [at] } });
      const doc = await coll.findOne({ _id: 'd' });
      expect(doc?.['at']).toBeInstanceOf(Date);
      expect((doc?.['at'] as Date).getTime()).toBe(at.getTime());
      expect(((doc?.['nested'] as { list: Date[] }).list[0] as Date).getTime()).toBe(at.getTime());
    });

    it('returned documents, when mutated by the caller, leave the store unchanged', async () => {
      const coll = ctx.store().collection(uniqueName('copies'));
      const input = { _id: 'c', list: [1], inner: { n: 1 } };
      const inserted = await coll.insertOne(input);
      input.list.push(2);
      (inserted['inner'] as { n: number }).n = 99;
      const read = await coll.findOne({ _id: 'c' });
      (read?.['list'] as number[]).push(3);
      expect(await coll.findOne({ _id: 'c' })).toEqual({ _id: 'c', list: [1], inner: { n: 1 } });
    });
  });
}
