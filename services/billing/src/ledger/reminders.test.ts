import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform, Transaction } from '@talkwith/platform';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { startServiceForTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { billingService } from '../index.ts';
import { grantPoints, grantTickets } from './grants.ts';
import { spend } from './ledger.ts';
import { openLots } from './model.ts';
import { sweepExpiringLots } from './reminders.ts';
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

const DAY = 86_400_000;
const inTx = <R>(work: (tx: Transaction) => Promise<R>): Promise<R> => platform.store.withTransaction(work);
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString();
const giveTickets = (userId: string, count: number, now: Date, expiresAt: string) =>
  inTx((tx) =>
    grantTickets(tx, platform.events, {
      user_id: userId,
      count,
      source: 'purchase',
      ref: `test-${randomUUID()}`,
      now,
      expires_at: expiresAt,
    }),
  );
const remindersOf = async (userId: string) =>
  (await platform.store.collection<OutboxEntry>(OUTBOX).find({ key: userId, type: 'ticket.expiring' })).map(
    (entry) => entry.envelope.data,
  );

describe('ticket expiry reminder sweep', () => {
  it('reminder sweep, a lot expiring in 3 days with 2 of 5 tickets used, publishes ticket.expiring with the 3 unused and marks the lot', async () => {
    const userId = randomUUID();
    const now = new Date();
    const expiresAt = daysFrom(now, 3);
    const { lot_id } = await giveTickets(userId, 5, now, expiresAt);
    await inTx((tx) =>
      spend(tx, platform.events, {
        user_id: userId,
        asset: 'tickets',
        amount: 2,
        kind: 'used',
        character_id: 'c1',
        btn: 'b1',
        now,
      }),
    );

    await sweepExpiringLots(platform, 7, now);

    expect(await remindersOf(userId)).toEqual([{ user_id: userId, lot_id, count: 3, expires_at: expiresAt }]);
    expect((await openLots(platform.store).findOne({ _id: lot_id }))?.reminded_at).toBe(now.toISOString());
  });

  it('reminder sweep, run three times (two at once), reminds each lot once', async () => {
    const userId = randomUUID();
    const now = new Date();
    await giveTickets(userId, 1, now, daysFrom(now, 1));
    await giveTickets(userId, 2, now, daysFrom(now, 6));

    await Promise.all([sweepExpiringLots(platform, 7, now), sweepExpiringLots(platform, 7, now)]);
    await sweepExpiringLots(platform, 7, new Date(now.getTime() + DAY / 2));

    const reminders = await remindersOf(userId);
    expect(reminders).toHaveLength(2);
    expect(reminders).toEqual(
      expect.arrayContaining([expect.objectContaining({ count: 1 }), expect.objectContaining({ count: 2 })]),
    );
  });

  it('reminder sweep, a spent lot expiring tomorrow, publishes nothing', async () => {
    const userId = randomUUID();
    const now = new Date();
    await giveTickets(userId, 2, now, daysFrom(now, 1));
    await inTx((tx) =>
      spend(tx, platform.events, {
        user_id: userId,
        asset: 'tickets',
        amount: 2,
        kind: 'used',
        character_id: 'c1',
        btn: 'b1',
        now,
      }),
    );

    await sweepExpiringLots(platform, 7, now);

    expect(await remindersOf(userId)).toEqual([]);
  });

  it('reminder sweep, lots expiring in 8 days, already expired, or points, publishes nothing until the lot enters the window', async () => {
    const userId = randomUUID();
    const now = new Date();
    const { lot_id } = await giveTickets(userId, 4, now, daysFrom(now, 8));
    await giveTickets(userId, 1, new Date(now.getTime() - 10 * DAY), daysFrom(now, -1));
    await inTx((tx) =>
      grantPoints(tx, platform.events, {
        user_id: userId,
        points: 10,
        code: 'SU0001',
        ref: `test-${randomUUID()}`,
        now: new Date(now.getTime() - 180 * DAY + 2 * DAY),
      }),
    );

    await sweepExpiringLots(platform, 7, now);
    expect(await remindersOf(userId)).toEqual([]);

    await sweepExpiringLots(platform, 7, new Date(now.getTime() + 1.5 * DAY));
    expect(await remindersOf(userId)).toMatchObject([{ lot_id, count: 4 }]);
  });

  it('reminder sweep, a shorter configured window (2 days), leaves a lot 3 days out alone', async () => {
    const userId = randomUUID();
    const now = new Date();
    await giveTickets(userId, 1, now, daysFrom(now, 3));
    await sweepExpiringLots(platform, 2, now);
    expect(await remindersOf(userId)).toEqual([]);
  });
});

describe('ticket expiry reminder job', () => {
  it('billing.remind_expiring, repeating every EXPIRY_SWEEP_MS in the running service, reminds a lot with no request made', async () => {
    const svc = await startServiceForTest(billingService, { EXPIRY_SWEEP_MS: '1000', TICKET_REMINDER_DAYS: '7' });
    try {
      const userId = randomUUID();
      const { lot_id } = await svc.platform.store.withTransaction((tx) =>
        grantTickets(tx, svc.platform.events, {
          user_id: userId,
          count: 2,
          source: 'purchase',
          ref: `test-${randomUUID()}`,
          expires_at: daysFrom(new Date(), 2),
        }),
      );
      const outbox = svc.platform.store.collection<OutboxEntry>(OUTBOX);
      const reminder = await eventually(async () => outbox.findOne({ key: userId, type: 'ticket.expiring' }), 15_000);
      expect(reminder.envelope.data).toMatchObject({ lot_id, count: 2 });
    } finally {
      await svc.close();
    }
  });
});
