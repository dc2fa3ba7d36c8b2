/** Contract: withTransaction is atomic (a throw rolls back every write) and isolated (no lost update). */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { uniqueName, type StoreContext } from './contract.ts';

type Account = { _id: string; balance: number };

export function transactionContract(ctx: StoreContext): void {
  describe('transactions', () => {
    it('withTransaction, work that resolves, commits every write and returns its value', async () => {
      const accounts = uniqueName('accounts');
      const journal = uniqueName('journal');
      const result = await ctx.store().withTransaction(async (tx) => {
        await tx.collection<Account>(accounts).insertOne({ _id: 'a', balance: 5 });
        await tx.collection(journal).insertOne({ _id: 'j1', note: 'opened' });
        return (await tx.collection<Account>(accounts).findOne({ _id: 'a' }))?.balance;
      });
      expect(result).toBe(5);
      expect(await ctx.store().collection(accounts).findOne({ _id: 'a' })).toEqual({ _id: 'a', balance: 5 });
      expect(await ctx.store().collection(journal).countDocuments()).toBe(1);
    });

    it('withTransaction, work that throws after writing to two collections, rolls back every write and rethrows', async () => {
      const accounts = uniqueName('accounts');
      const journal = uniqueName('journal');
      await ctx.store().collection<Account>(accounts).insertOne({ _id: 'a', balance: 10 });
      const attempt = ctx.store().withTransaction(async (tx) => {
        await tx.collection<Account>(accounts).updateOne({ _id: 'a' }, { $inc: { balance: -10 } });
        await tx.collection(journal).insertOne({ _id: 'j1', amount: 10 });
        await tx.collection<Account>(accounts).insertOne({ _id: 'b', balance: 10 });
        throw new Error('payment provider said no');
      });
      await expect(attempt).rejects.toThrow('payment provider said no');
      expect(await ctx.store().collection(accounts).find({})).toEqual([{ _id: 'a', balance: 10 }]);
      expect(await ctx.store().collection(journal).countDocuments()).toBe(0);
    });

    it('withTransaction, a unique-key violation inside, rolls back the earlier writes of that transaction', async () => {
      const users = uniqueName('users');
      await ctx.store().collection(users).createIndex({ email: 1 }, { unique: true });
      await ctx.store().collection(users).insertOne({ _id: 'u1', email: 'taken@x' });
      const attempt = ctx.store().withTransaction(async (tx) => {
        await tx.collection(users).insertOne({ _id: 'u2', email: 'new@x' });
        await tx.collection(users).insertOne({ _id: 'u3', email: 'taken@x' });
      });
      await expect(attempt).rejects.toMatchObject({ code: 'DUPLICATE_KEY' });
      expect((await ctx.store().collection(users).find({})).map((u) => u._id)).toEqual(['u1']);
    });

    it('withTransaction, 20 concurrent transfers that read then write one balance, never lose an update', async () => {
      const accounts = uniqueName('accounts');
      await ctx
        .store()
        .collection<Account>(accounts)
        .insertMany([
          { _id: 'from', balance: 100 },
          { _id: 'to', balance: 0 },
        ]);
      const transfer = () =>
        ctx.store().withTransaction(async (tx) => {
          const coll = tx.collection<Account>(accounts);
          const from = await coll.findOne({ _id: 'from' });
          await sleep(2); // other transfers get every chance to interleave here
          if (!from || from.balance < 10) return false;
          await coll.updateOne({ _id: 'from' }, { $set: { balance: from.balance - 10 } });
          await coll.updateOne({ _id: 'to' }, { $inc: { balance: 10 } });
          return true;
        });
      const outcomes = await Promise.all(Array.from({ length: 20 }, transfer));
      const byId = Object.fromEntries(
        (await ctx.store().collection<Account>(accounts).find({})).map((a) => [a._id, a.balance]),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(10);
      expect(byId).toEqual({ from: 0, to: 100 });
    });
  });
}
