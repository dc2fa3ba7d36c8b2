import type { Platform } from '@talkwith/platform';
import { writeOffLot } from './ledger.ts';
import { openLots } from './model.ts';

export const EXPIRE_JOB = 'billing.expire';
const BATCH = 200;

/**
 * One sweep: writes off every lot past its expiry, a batch per transaction.
 * Each write-off is guarded on the lot's remaining, so two sweeps at once,
 * or a sweep run twice, write each lot off exactly once. Returns how many
 * lots were written off.
 */
export async function sweepExpiredLots(
  platform: Pick<Platform, 'store' | 'events'>,
  now: Date = new Date(),
): Promise<number> {
  const at = now.toISOString();
  let writtenOff = 0;
  for (;;) {
    const batch = await platform.store.withTransaction(async (tx) => {
      const due = await openLots(tx).find(
        { remaining: { $gt: 0 }, expires_at: { $lte: at } },
        { sort: { expires_at: 1 }, limit: BATCH },
      );
      let count = 0;
      for (const lot of due) if ((await writeOffLot(tx, platform.events, lot, now)) > 0) count += 1;
      return { seen: due.length, count };
    });
    writtenOff += batch.count;
    // A batch that wrote nothing although it saw lots means another sweep holds them: stop rather than spin.
    if (batch.seen < BATCH || batch.count === 0) return writtenOff;
  }
}

/** Defines the sweep (prepare: before the queue starts). */
export function defineExpiryJob(platform: Platform): void {
  platform.jobs.define(
    EXPIRE_JOB,
    async () => {
      await sweepExpiredLots(platform);
    },
    { concurrency: 1 },
  );
}

/** Repeats it every EXPIRY_SWEEP_MS (start). */
export async function scheduleExpiry(platform: Platform, everyMs: number): Promise<void> {
  await platform.jobs.repeat(EXPIRE_JOB, {}, { everyMs, repeatId: EXPIRE_JOB });
}
