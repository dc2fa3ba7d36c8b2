import type { Eventing, Platform, Transaction } from '@talkwith/platform';
import { openLots, type Lot } from './model.ts';

export const REMIND_JOB = 'billing.remind_expiring';
const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * Marks one lot reminded and announces `ticket.expiring`, in the caller's
 * transaction. The mark is a conditional update on "not reminded yet and
 * still has tickets", so a lot is reminded at most once however many sweeps
 * see it. Returns whether this call reminded it.
 */
async function remindLot(tx: Transaction, events: Eventing, lot: Lot, now: Date): Promise<boolean> {
  const marked = await openLots(tx).findOneAndUpdate(
    { _id: lot._id, remaining: { $gt: 0 }, reminded_at: { $exists: false } },
    { $set: { reminded_at: now.toISOString() } },
  );
  if (!marked) return false;
  await events.publish(
    'ticket.expiring',
    marked.user_id,
    { user_id: marked.user_id, lot_id: marked._id, count: marked.remaining, expires_at: marked.expires_at },
    tx,
  );
  return true;
}

/**
 * One sweep: every ticket lot with unused tickets that expires within `days`
 * from `now` (and has not expired yet) and was not reminded gets one
 * `ticket.expiring`, a batch per transaction. Returns how many lots were reminded.
 */
export async function sweepExpiringLots(
  platform: Pick<Platform, 'store' | 'events'>,
  days: number,
  now: Date = new Date(),
): Promise<number> {
  const window = { $gt: now.toISOString(), $lte: new Date(now.getTime() + days * DAY_MS).toISOString() };
  let reminded = 0;
  for (;;) {
    const batch = await platform.store.withTransaction(async (tx) => {
      // expires_at is indexed: the scan is bounded by the lots expiring inside the window.
      const due = await openLots(tx).find(
        { expires_at: window, asset: 'tickets', remaining: { $gt: 0 }, reminded_at: { $exists: false } },
        { sort: { expires_at: 1 }, limit: BATCH },
      );
      let count = 0;
      for (const lot of due) if (await remindLot(tx, platform.events, lot, now)) count += 1;
      return { seen: due.length, count };
    });
    reminded += batch.count;
    // As in the expiry sweep: a batch that reminded nothing although it saw lots means another sweep holds them.
    if (batch.seen < BATCH || batch.count === 0) return reminded;
  }
}

/** Defines the reminder sweep (prepare: before the queue starts). */
export function defineReminderJob(platform: Platform, days: number): void {
  platform.jobs.define(
    REMIND_JOB,
    async () => {
      await sweepExpiringLots(platform, days);
    },
    { concurrency: 1 },
  );
}

/** Repeats it every `everyMs` (start), beside the expiry sweep. */
export async function scheduleReminders(platform: Platform, everyMs: number): Promise<void> {
  await platform.jobs.repeat(REMIND_JOB, {}, { everyMs, repeatId: REMIND_JOB });
}
