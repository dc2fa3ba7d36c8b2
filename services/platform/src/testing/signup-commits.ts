// Fsync'd writes per user.registered on the standalone path (issue 8), for the
// bench and for fsync-count.test.ts: an
// embedded store, the outbox bus and eventing with three consumer groups like
// billing, engagement and logging; each sign-up is one transaction (user +
// event, as registerUser does), counted until every group has handled it and
// stored its position. The store's commit count is its number of WAL fsyncs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createOutboxBus } from '../bus/outbox-bus.ts';
import { createEventing } from '../eventing/eventing.ts';
import { createLogger } from '../logger/index.ts';
import { createEmbeddedStore } from '../store/index.ts';

const GROUPS = ['billing', 'engagement', 'logging'];

/** Mean commits (fsyncs) per sign-up over `signups` sequential sign-ups, and how many deliveries were recorded handled. */
export async function commitsPerSignup(signups: number): Promise<{ commits: number; handled: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-signups-'));
  const store = await createEmbeddedStore({ dir });
  const bus = await createOutboxBus({ store });
  const events = createEventing({ bus, store, logger: createLogger({ level: 'silent', format: 'json' }) });
  try {
    await events.consume('billing', ['user.registered'], async (e, tx) => {
      await tx
        .collection('wallets')
        .updateOne(
          { _id: e.data.user_id },
          { $setOnInsert: { points: 0, talk_tickets: 0, opened_at: e.occurredAt } },
          { upsert: true },
        );
    });
    await events.consume('engagement', ['user.registered'], async (e, tx) => {
      await tx
        .collection('notifications')
        .updateOne(
          { _id: `welcome:${e.data.user_id}` },
          { $setOnInsert: { user_id: e.data.user_id, kind: 'welcome', read: false, created_at: e.occurredAt } },
          { upsert: true },
        );
    });
    await events.consume('logging', ['user.registered'], async (e, tx) => {
      await tx
        .collection('logs')
        .updateOne(
          { _id: e.id },
          { $setOnInsert: { kind: 'event', type: e.type, user_id: e.data.user_id, data: e.data, at: e.occurredAt } },
          { upsert: true },
        );
    });
    await sleep(50); // the groups' first, empty reads
    const positions = store.collection<{ _id: string; seq: number }>('bus_positions');
    const before = store.commitCount();
    for (let n = 0; n < signups; n++) {
      const email = `signup-${n}@bench.local`;
      const envelope = await store.withTransaction(async (tx) => {
        const user = await tx.collection('users').insertOne({
          email,
          passwordHash: 'x',
          roles: ['customer'],
          emailConfirmedAt: null,
          createdAt: new Date(),
          lastLoginAt: null,
        });
        return events.publish(
          'user.registered',
          user._id,
          { user_id: user._id, email, registered_at: new Date().toISOString() },
          tx,
        );
      });
      const seq = (await store.collection<{ _id: string; seq: number }>('outbox').findOne({ _id: envelope.id }))!.seq;
      while ((await positions.countDocuments({ _id: { $in: GROUPS }, seq: { $gte: seq } })) < GROUPS.length)
        await sleep(1);
    }
    await sleep(20); // positions seen in the open batch are committed by now
    const commits = (store.commitCount() - before) / signups;
    return { commits, handled: await store.collection('processed_events').countDocuments({}) };
  } finally {
    await bus.close();
    await events.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}
