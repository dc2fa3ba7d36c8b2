/**
 * Child process for crash.test.ts: eight lanes run transfers between two
 * balances as fast as they can, each one transaction that moves the money,
 * records the transfer and stores its outbox event, and print each transfer
 * once its transaction is acknowledged, until the process is killed.
 * Usage: node crash-writer.ts <dir> <run>
 */
import { createEmbeddedStore } from './embedded-store.ts';

const [dir, run] = process.argv.slice(2);
if (!dir || !run) throw new Error('usage: crash-writer.ts <dir> <run>');

const OPENING_BALANCE = 1_000_000;
const store = await createEmbeddedStore({ dir });
const balances = store.collection<{ _id: string; amount: number }>('balances');
await balances.updateOne({ _id: 'alice' }, { $setOnInsert: { amount: OPENING_BALANCE } }, { upsert: true });
await balances.updateOne({ _id: 'bob' }, { $setOnInsert: { amount: OPENING_BALANCE } }, { upsert: true });
process.stdout.write('ready\n');

async function lane(number: number): Promise<never> {
  for (let i = 0; ; i++) {
    const id = `${run}-${number}-${i}`;
    const [from, to] = i % 2 === 0 ? ['alice', 'bob'] : ['bob', 'alice'];
    const amount = 1 + ((i * 7 + number) % 50);
    await store.withTransaction(async (tx) => {
      const payer = await tx.collection<{ _id: string; amount: number }>('balances').findOne({ _id: from });
      await tx.collection('balances').updateOne({ _id: from }, { $set: { amount: payer!.amount - amount } });
      await tx.collection('balances').updateOne({ _id: to }, { $inc: { amount } });
      await tx.collection('transfers').insertOne({ _id: id, from, to, amount, at: new Date() });
      await tx.collection('outbox').insertOne({ _id: `evt-${id}`, type: 'transfer.made', transfer_id: id });
    });
    process.stdout.write(`ack ${id}\n`);
  }
}

await Promise.all(Array.from({ length: 8 }, (_, n) => lane(n)));
