import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { DocumentStore, Eventing, Platform } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';
import { createOutboxBus } from '@talkwith/platform/bus';
import { createEventing } from '@talkwith/platform/eventing';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { createEmbeddedStore } from '@talkwith/platform/store';
import type { LedgerAsset } from '@talkwith/proto/billing';
import { addCalendarMonths } from './calendar.ts';
import { sweepExpiredLots } from './expiry.ts';
import { grantPoints, grantTickets, revokePointsOf, revokeTicketsOf } from './grants.ts';
import { spend } from './ledger.ts';
import { LedgerModel } from './ledger-model.ts';
import { ensureLedgerIndexes, openEntries, openLots, openWallets, WALLET_FIELD } from './model.ts';

/**
 * Issue 12 § Reliability: 10,000 random sequences of grant / use / remove /
 * revoke / time-advance / expiry sweep / concurrent uses, each checked
 * after every step against the ledger's invariants and a naive model.
 * The REAL ledger code and the REAL store adapter run in both parts; what
 * differs is durability: STORE_RUNS sequences on the embedded store as the
 * platform opens it (on disk, an fsync a commit, ~4 ms a transaction here) and
 * MEMORY_RUNS on the same adapter's non-durable option (an in-memory SQLite
 * database, a fresh one a sequence) with the real eventing and outbox, so the
 * 10,000 fit in about two minutes on two cores (SequenceStores: a fresh
 * store every hundred sequences).
 */
const STORE_RUNS = 100;
const MEMORY_RUNS = 9_900;
const REFS = ['ref-a', 'ref-b', 'ref-c'];
const START = new Date('2026-01-31T03:00:00.000Z');
const DAY = 86_400_000;

const asset = fc.constantFrom<LedgerAsset>('tickets', 'points');
const command = fc.oneof(
  fc.record({
    t: fc.constant('grant' as const),
    asset,
    amount: fc.integer({ min: 1, max: 20 }),
    ref: fc.constantFrom(...REFS),
    deadlineDays: fc.option(fc.integer({ min: 1, max: 150 }), { nil: undefined }),
  }),
  fc.record({ t: fc.constant('use' as const), asset, amount: fc.integer({ min: 1, max: 25 }) }),
  fc.record({ t: fc.constant('remove' as const), asset, amount: fc.integer({ min: 1, max: 25 }) }),
  fc.record({ t: fc.constant('revoke' as const), asset, ref: fc.constantFrom(...REFS) }),
  fc.record({ t: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ t: fc.constant('sweep' as const) }),
  fc.record({
    t: fc.constant('concurrent' as const),
    asset,
    uses: fc.integer({ min: 2, max: 6 }),
    amount: fc.integer({ min: 1, max: 5 }),
  }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

interface Ledger {
  store: DocumentStore;
  events: Eventing;
}

/** A plain check: called millions of times, where expect() would dominate the run time. */
function same(actual: unknown, expected: unknown, what: string): void {
  if (!Object.is(actual, expected)) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

async function expectInvariants(ledger: Ledger, model: LedgerModel, userId: string, now: Date): Promise<void> {
  const wallet = await openWallets(ledger.store).findOne({ _id: userId });
  const lots = await openLots(ledger.store).find({ user_id: userId });
  const entries = await openEntries(ledger.store).find({ user_id: userId });
  for (const kind of ['tickets', 'points'] as const) {
    const balance = wallet?.[WALLET_FIELD[kind]] ?? 0;
    const ofKind = lots.filter((lot) => lot.asset === kind);
    same(balance >= 0, true, `${kind} balance never negative`);
    same(
      balance,
      entries.filter((e) => e.asset === kind).reduce((sum, e) => sum + e.delta, 0),
      `${kind} balance = Σ entries`,
    );
    same(
      balance,
      ofKind.reduce((sum, lot) => sum + lot.remaining, 0),
      `${kind} balance = Σ remaining`,
    );
    same(balance, model.balance(kind), `${kind} balance = model`);
    same(
      ofKind.filter((lot) => lot.expires_at > now.toISOString()).reduce((sum, lot) => sum + lot.remaining, 0),
      model.available(kind, now),
      `${kind} unexpired = model`,
    );
  }
  for (const lot of lots) {
    same(lot.remaining >= 0 && lot.remaining <= lot.granted, true, 'lot remaining within [0, granted]');
    same(lot.remaining, model.lots.find((m) => m.id === lot._id)?.remaining, 'lot remaining = model');
    const taken = entries
      .filter((e) => e.kind !== 'added')
      .flatMap((e) => e.parts)
      .filter((p) => p.lot_id === lot._id)
      .reduce((sum, p) => sum + p.amount, 0);
    same(lot.granted - lot.remaining, taken, 'lot granted − remaining = Σ its entries');
  }
}

async function sweepAndCheck(ledger: Ledger, model: LedgerModel, userId: string, now: Date): Promise<void> {
  const expiredBefore = await openEntries(ledger.store).find({ user_id: userId, kind: 'expired' });
  await sweepExpiredLots(ledger, now);
  const expiredAfter = await openEntries(ledger.store).find({ user_id: userId, kind: 'expired' });
  // By id, not position: an unsorted find comes back in index order on the embedded store, not in insertion order.
  const earlier = new Set(expiredBefore.map((e) => e._id));
  const removedBySweep = expiredAfter.filter((e) => !earlier.has(e._id)).reduce((sum, e) => sum - e.delta, 0);
  same(removedBySweep, model.expire('all', now), 'expiry removes exactly what expired');
  const due = await openLots(ledger.store).countDocuments({
    user_id: userId,
    remaining: { $gt: 0 },
    expires_at: { $lte: now.toISOString() },
  });
  same(due, 0, 'no lot past expiry keeps a remaining after a sweep');
}

async function grant(
  ledger: Ledger,
  model: LedgerModel,
  userId: string,
  cmd: Extract<Command, { t: 'grant' }>,
  now: Date,
): Promise<void> {
  const deadline = cmd.deadlineDays ? new Date(now.getTime() + cmd.deadlineDays * DAY).toISOString() : undefined;
  const { lot_id } = await ledger.store.withTransaction((tx) =>
    cmd.asset === 'tickets'
      ? grantTickets(tx, ledger.events, {
          user_id: userId,
          count: cmd.amount,
          source: 'purchase',
          ref: cmd.ref,
          now,
          ...(deadline ? { expires_at: deadline } : {}),
        })
      : grantPoints(tx, ledger.events, { user_id: userId, points: cmd.amount, code: 'SU0001', ref: cmd.ref, now }),
  );
  model.grant(lot_id, cmd.asset, cmd.amount, cmd.ref, now, cmd.asset === 'tickets' ? deadline : undefined);
}

async function trySpend(
  ledger: Ledger,
  userId: string,
  kind: 'used' | 'removed',
  assetOf: LedgerAsset,
  amount: number,
  now: Date,
): Promise<boolean> {
  const facts =
    kind === 'used'
      ? { character_id: 'c-1', btn: 'b-1', ...(assetOf === 'points' ? { code: 'TA0001' as const } : {}) }
      : { reason: 'test', admin_id: 'admin-1', ...(assetOf === 'points' ? { code: 'MA0009' as const } : {}) };
  try {
    await ledger.store.withTransaction((tx) =>
      spend(tx, ledger.events, { user_id: userId, asset: assetOf, amount, kind, now, ...facts }),
    );
    return true;
  } catch (err) {
    same(
      err instanceof AppError && err.code,
      assetOf === 'tickets' ? 'INSUFFICIENT_TICKETS' : 'INSUFFICIENT_POINTS',
      'a refused spend is INSUFFICIENT_*',
    );
    return false;
  }
}

async function step(ledger: Ledger, model: LedgerModel, userId: string, cmd: Command, now: Date): Promise<Date> {
  switch (cmd.t) {
    case 'grant':
      await grant(ledger, model, userId, cmd, now);
      break;
    case 'use':
    case 'remove': {
      const expected = model.available(cmd.asset, now) >= cmd.amount;
      same(
        await trySpend(ledger, userId, cmd.t === 'use' ? 'used' : 'removed', cmd.asset, cmd.amount, now),
        expected,
        `${cmd.t} succeeds iff enough is unexpired`,
      );
      if (expected) model.spend(cmd.asset, cmd.amount, now);
      break;
    }
    case 'revoke': {
      const revoke = cmd.asset === 'tickets' ? revokeTicketsOf : revokePointsOf;
      const taken = await ledger.store.withTransaction((tx) =>
        revoke(tx, ledger.events, { user_id: userId, ref: cmd.ref, reason: 'canceled', now }),
      );
      same(taken, model.revoke(cmd.asset, cmd.ref, now), 'revoke takes what is left of the ref');
      break;
    }
    case 'advance':
      return cmd.days > 31 ? addCalendarMonths(now, 1) : new Date(now.getTime() + cmd.days * DAY);
    case 'sweep':
      await sweepAndCheck(ledger, model, userId, now);
      break;
    case 'concurrent': {
      const before = model.available(cmd.asset, now);
      const outcomes = await Promise.all(
        Array.from({ length: cmd.uses }, () => trySpend(ledger, userId, 'used', cmd.asset, cmd.amount, now)),
      );
      const succeeded = outcomes.filter(Boolean).length;
      same(succeeded, Math.min(cmd.uses, Math.floor(before / cmd.amount)), 'concurrent uses never overspend');
      for (let i = 0; i < succeeded; i++) model.spend(cmd.asset, cmd.amount, now);
    }
  }
  return now;
}

async function runSequence(ledger: Ledger, commands: Command[]): Promise<void> {
  const userId = randomUUID();
  const model = new LedgerModel();
  let now = START;
  for (const cmd of commands) {
    now = await step(ledger, model, userId, cmd, now);
    await expectInvariants(ledger, model, userId, now);
  }
  await sweepAndCheck(ledger, model, userId, now);
  await expectInvariants(ledger, model, userId, now);
}

/**
 * In-memory stores for the sequences, a fresh one every SEQUENCES_PER_STORE: a store of its own for each
 * sequence spent a third of the run preparing the same statements and creating the same tables again,
 * and one store for all let the sweeps and scans of later sequences slow down on what earlier ones left.
 * Each sequence has its own user, and only checks that user's documents.
 */
const SEQUENCES_PER_STORE = 100;
class SequenceStores {
  private current: (Ledger & { close: () => Promise<void>; used: number }) | undefined;
  private readonly platform: Platform;
  constructor(platform: Platform) {
    this.platform = platform;
  }

  async next(): Promise<Ledger> {
    if (this.current && this.current.used >= SEQUENCES_PER_STORE) await this.close();
    this.current ??= await this.open();
    this.current.used += 1;
    return this.current;
  }

  async close(): Promise<void> {
    await this.current?.close();
    this.current = undefined;
  }

  private async open() {
    const store = await createEmbeddedStore({ memory: true });
    const bus = await createOutboxBus({ store });
    await ensureLedgerIndexes(store);
    const events = createEventing({ bus, store, logger: this.platform.logger });
    const close = async () => {
      await bus.close();
      await store.close();
    };
    return { store, events, close, used: 0 };
  }
}

describe('ledger properties', () => {
  let platform: Platform;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-property-'));
    platform = await createPlatform(loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
      serviceName: 'billing',
    });
    await ensureLedgerIndexes(platform.store);
  });
  afterAll(async () => {
    await closePlatform(platform);
    await rm(dir, { recursive: true, force: true });
  });

  it(`ledger on the embedded store, ${STORE_RUNS} random sequences, keeps every invariant and agrees with the model`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 16, size: 'max' }), (commands) =>
        runSequence(platform, commands),
      ),
      { numRuns: STORE_RUNS },
    );
  }, 120_000);

  it(`ledger on the non-durable embedded store, ${MEMORY_RUNS} random sequences, keeps every invariant and agrees with the model`, async () => {
    const stores = new SequenceStores(platform);
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 24, size: 'max' }), async (commands) => {
          await new Promise(setImmediate); // lets the test runner's own messages through between runs
          await runSequence(await stores.next(), commands);
        }),
        { numRuns: MEMORY_RUNS },
      );
    } finally {
      await stores.close();
    }
  }, 600_000);
});
