import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../bus/contract.ts';
import { createOutboxBus } from '../bus/outbox-bus.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { createEventing } from './eventing.ts';

// Issue 8: the old code (e51bf50) made about 16 fsync'd writes per user.registered
// with three consumers. Measured here: 3 (the sign-up's transaction, then the three
// deliveries and the three stored positions sharing group commits). The bound leaves
// a margin yet stays under 7, what one commit per transaction and per position would be.
const MAX_COMMITS_PER_SIGNUP = 6;
const GROUPS = ['billing', 'engagement', 'logging'] as const;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('eventing', () => {
  it('eventing, one sign-up with three consumers, commits (fsyncs) at most a few times until every group has handled it and stored its position', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'talkwith-fsync-count-'));
    const store = await createEmbeddedStore({ dir });
    const bus = await createOutboxBus({ store });
    const events = createEventing({ bus, store, logger: pino({ level: 'silent' }) });
    cleanups.push(async () => {
      await bus.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    });
    await events.consume('billing', ['user.registered'], async (e, tx) => {
      await tx.collection('wallets').updateOne({ _id: e.data.user_id }, { $setOnInsert: { points: 0, talk_tickets: 0, opened_at: e.occurredAt } }, { upsert: true });
    });
    await events.consume('engagement', ['user.registered'], async (e, tx) => {
      await tx.collection('notifications').updateOne({ _id: `welcome:${e.data.user_id}` }, { $setOnInsert: { user_id: e.data.user_id, kind: 'welcome', read: false, created_at: e.occurredAt } }, { upsert: true });
    });
    await events.consume('logging', ['user.registered'], async (e, tx) => {
      await tx.collection('logs').updateOne({ _id: e.id }, { $setOnInsert: { kind: 'event', type: e.type, user_id: e.data.user_id, data: e.data, at: e.occurredAt } }, { upsert: true });
    });
    await new Promise((r) => setTimeout(r, 50)); // the groups' first (empty) reads are done

    const before = store.commitCount();
    const envelope = await store.withTransaction(async (tx) => {
      const user = await tx.collection('users').insertOne({ email: 'new@example.jp', roles: ['customer'], createdAt: new Date() });
      return events.publish('user.registered', user._id, { user_id: user._id, email: 'new@example.jp', registered_at: new Date().toISOString() }, tx);
    });
    const seq = (await store.collection<{ _id: string; seq: number }>('outbox').findOne({ _id: envelope.id }))!.seq;
    await waitFor(async () => (await store.collection<{ _id: string; seq: number }>('bus_positions').countDocuments({ _id: { $in: [...GROUPS] }, seq: { $gte: seq } })) === 3);
    await new Promise((r) => setTimeout(r, 50)); // a position seen in the open batch is committed by now
    const commits = store.commitCount() - before;

    expect(await store.collection('processed_events').countDocuments({ eventId: envelope.id })).toBe(3);
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThanOrEqual(MAX_COMMITS_PER_SIGNUP);
  });
});
