import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform, Transaction } from '@talkwith/platform';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { ensureWallet, grantPoints, grantTickets, revokePointsOf, revokeTicketsOf } from './index.ts';
import { spend } from './ledger.ts';
import { openEntries, openLots, openWallets } from './model.ts';
import { ledgerTestPlatform, type LedgerTestPlatform } from './test-platform.ts';

let harness: LedgerTestPlatform;
let platform: Platform;
beforeAll(async () => {
  harness = await ledgerTestPlatform();
  platform = harness.platform;
});
afterAll(async () => {
  await harness?.close();
});

const inTx = <R>(work: (tx: Transaction) => Promise<R>): Promise<R> => platform.store.withTransaction(work);
const walletOf = async (userId: string) => openWallets(platform.store).findOne({ _id: userId });
const outboxTypes = async (userId: string) =>
  (await platform.store.collection<OutboxEntry>(OUTBOX).find({ key: userId })).map((entry) => entry.type);

describe('ledger grant functions', () => {
  it('ensureWallet, called twice for a new account, opens one empty wallet', async () => {
    const userId = randomUUID();
    await inTx((tx) => ensureWallet(tx, userId));
    const wallet = await inTx((tx) => ensureWallet(tx, userId));
    expect(wallet).toMatchObject({ _id: userId, points: 0, talk_tickets: 0 });
    expect(await openWallets(platform.store).countDocuments({ _id: userId })).toBe(1);
  });

  it('grantTickets, a purchase of 5, adds a lot expiring 3 calendar months later and raises the wallet', async () => {
    const userId = randomUUID();
    const now = new Date('2026-01-30T15:00:00.000Z'); // 2026-01-31 00:00 in Japan
    const { lot_id } = await inTx((tx) =>
      grantTickets(tx, platform.events, { user_id: userId, count: 5, source: 'purchase', ref: 'p-1', now }),
    );
    const lot = await openLots(platform.store).findOne({ _id: lot_id });
    expect(lot).toMatchObject({
      user_id: userId,
      asset: 'tickets',
      granted: 5,
      remaining: 5,
      source: 'purchase',
      ref: 'p-1',
    });
    expect(lot?.expires_at).toBe('2026-04-29T15:00:00.000Z'); // Jan 31 + 3 months = Apr 30 00:00 in Japan (end of the month)
    expect((await walletOf(userId))?.talk_tickets).toBe(5);
    expect(await openEntries(platform.store).find({ user_id: userId })).toMatchObject([
      { kind: 'added', delta: 5, asset: 'tickets' },
    ]);
  });

  it('grantTickets, an earlier stated deadline, expires at that deadline', async () => {
    const userId = randomUUID();
    const now = new Date('2026-03-01T00:00:00.000Z');
    const { lot_id } = await inTx((tx) =>
      grantTickets(tx, platform.events, {
        user_id: userId,
        count: 1,
        source: 'serial',
        ref: 's-1',
        expires_at: '2026-03-10T00:00:00.000Z',
        now,
      }),
    );
    expect((await openLots(platform.store).findOne({ _id: lot_id }))?.expires_at).toBe('2026-03-10T00:00:00.000Z');
  });

  it('grantTickets, a later stated deadline, keeps the 3-month term', async () => {
    const userId = randomUUID();
    const now = new Date('2026-03-01T00:00:00.000Z');
    const { lot_id } = await inTx((tx) =>
      grantTickets(tx, platform.events, {
        user_id: userId,
        count: 1,
        source: 'serial',
        ref: 's-2',
        expires_at: '2027-03-10T00:00:00.000Z',
        now,
      }),
    );
    expect((await openLots(platform.store).findOne({ _id: lot_id }))?.expires_at).toBe('2026-06-01T00:00:00.000Z');
  });

  it('grantPoints, SU0001, adds a lot expiring 6 months later and publishes points.granted', async () => {
    const userId = randomUUID();
    const now = new Date('2026-08-31T03:00:00.000Z');
    const { lot_id } = await inTx((tx) =>
      grantPoints(tx, platform.events, { user_id: userId, points: 100, code: 'SU0001', ref: 'sub-1-1', now }),
    );
    expect(await openLots(platform.store).findOne({ _id: lot_id })).toMatchObject({
      asset: 'points',
      remaining: 100,
      code: 'SU0001',
      expires_at: '2027-02-28T03:00:00.000Z',
    });
    expect((await walletOf(userId))?.points).toBe(100);
    expect(await outboxTypes(userId)).toContain('points.granted');
  });

  it('grantTickets, zero or a fraction, is refused and writes nothing', async () => {
    const userId = randomUUID();
    await expect(
      inTx((tx) => grantTickets(tx, platform.events, { user_id: userId, count: 0, source: 'operator', ref: 'x' })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      inTx((tx) => grantPoints(tx, platform.events, { user_id: userId, points: 1.5, code: 'MA0001', ref: 'x' })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await openLots(platform.store).countDocuments({ user_id: userId })).toBe(0);
  });

  it('grantTickets, the caller transaction throws later, leaves no lot, entry or balance', async () => {
    const userId = randomUUID();
    await expect(
      inTx(async (tx) => {
        await grantTickets(tx, platform.events, { user_id: userId, count: 3, source: 'purchase', ref: 'p-x' });
        throw new Error('purchase settle failed');
      }),
    ).rejects.toThrow('purchase settle failed');
    expect(await openLots(platform.store).countDocuments({ user_id: userId })).toBe(0);
    expect(await openEntries(platform.store).countDocuments({ user_id: userId })).toBe(0);
    expect(await walletOf(userId)).toBeNull();
  });

  it('revokeTicketsOf, a cancelled purchase with 2 of 5 used, takes back the 3 left and only that lot', async () => {
    const userId = randomUUID();
    await inTx(async (tx) => {
      await grantTickets(tx, platform.events, {
        user_id: userId,
        count: 5,
        source: 'purchase',
        ref: 'p-cancel',
        now: new Date('2026-01-01T00:00:00Z'),
      });
      await grantTickets(tx, platform.events, {
        user_id: userId,
        count: 4,
        source: 'subscription',
        ref: 'sub-9',
        now: new Date('2026-01-02T00:00:00Z'),
      });
    });
    await inTx((tx) =>
      spend(tx, platform.events, {
        user_id: userId,
        asset: 'tickets',
        amount: 2,
        kind: 'used',
        character_id: 'c',
        btn: 'b',
        now: new Date('2026-01-03T00:00:00Z'),
      }),
    );
    const removed = await inTx((tx) =>
      revokeTicketsOf(tx, platform.events, {
        user_id: userId,
        ref: 'p-cancel',
        reason: 'purchase canceled',
        now: new Date('2026-01-04T00:00:00Z'),
      }),
    );
    expect(removed).toBe(3);
    expect((await walletOf(userId))?.talk_tickets).toBe(4);
    const again = await inTx((tx) =>
      revokeTicketsOf(tx, platform.events, {
        user_id: userId,
        ref: 'p-cancel',
        reason: 'purchase canceled',
        now: new Date('2026-01-04T00:00:00Z'),
      }),
    );
    expect(again).toBe(0);
    expect(await outboxTypes(userId)).toContain('ticket.removed');
  });

  it('revokePointsOf, a cancelled point pack, appends an MA0009 removal of what is left', async () => {
    const userId = randomUUID();
    await inTx((tx) =>
      grantPoints(tx, platform.events, { user_id: userId, points: 500, code: 'MA0001', ref: 'p-points' }),
    );
    await inTx((tx) =>
      spend(tx, platform.events, {
        user_id: userId,
        asset: 'points',
        amount: 120,
        kind: 'used',
        code: 'TA0001',
        now: new Date(),
      }),
    );
    const removed = await inTx((tx) => revokePointsOf(tx, platform.events, { user_id: userId, ref: 'p-points' }));
    expect(removed).toBe(380);
    expect((await walletOf(userId))?.points).toBe(0);
    expect(await openEntries(platform.store).find({ user_id: userId, kind: 'removed' })).toMatchObject([
      { code: 'MA0009', delta: -380 },
    ]);
  });
});
