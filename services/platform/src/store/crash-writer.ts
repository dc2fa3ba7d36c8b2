/**
 * Child process for crash.test.ts: writes to an embedded store as fast as it
 * can and prints each acknowledged write, until it is killed.
 * Usage: node crash-writer.ts <dir> <run>
 */
import { createEmbeddedStore } from './embedded-store.ts';

const [dir, run] = process.argv.slice(2);
if (!dir || !run) throw new Error('usage: crash-writer.ts <dir> <run>');

// A small threshold so compactions (snapshot + rename + log trim) also get killed midway.
const store = await createEmbeddedStore({ dir, compactAfterBytes: 32 * 1024 });
const docs = store.collection('docs');
const counters = store.collection('counters');
await docs.createIndex({ seq: 1 }, { unique: true });
await counters.updateOne({ _id: 'c' }, { $setOnInsert: { n: 0 } }, { upsert: true });
process.stdout.write('ready\n');

async function writer(lane: number): Promise<never> {
  for (let i = 0; ; i++) {
    const id = `${run}-${lane}-${i}`;
    await docs.insertOne({ _id: id, seq: id, at: new Date(), pad: 'x'.repeat(64 + (i % 200)) });
    process.stdout.write(`ack ${id}\n`);
    await counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } });
    process.stdout.write('inc\n');
  }
}

await Promise.all(Array.from({ length: 8 }, (_, lane) => writer(lane)));
