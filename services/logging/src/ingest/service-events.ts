import type { Platform } from '@talkwith/platform';
import { draftOf, SERVICE_EVENTS } from '../entries/from-event.ts';
import { storeEntries, type RetentionDays } from '../entries/write.ts';
import { COUNTED_EVENTS, countErrors, countEvent } from '../summary/counters.ts';
import type { LogTailHub } from '../tail/hub.ts';

export const SERVICE_GROUP = 'logging';

/**
 * Service and audit events (few, each worth its own transaction): the entry,
 * the day's figures and the handled-event record commit together, so a
 * redelivered event changes nothing; the tail hears of it after the commit.
 */
export function consumeServiceEvents(
  platform: Platform,
  retention: RetentionDays,
  tail: LogTailHub,
): Promise<{ close(): Promise<void> }> {
  return platform.events.consume(SERVICE_GROUP, [...SERVICE_EVENTS, ...COUNTED_EVENTS], async (event, tx) => {
    await countEvent(tx, event);
    if (event.type === 'talk.started' || event.type === 'purchase.refunded') return;
    const stored = await storeEntries(tx, [{ id: event.id, draft: draftOf(event) }], retention);
    await countErrors(tx, stored);
    tx.afterCommit(() => tail.announce(stored));
  });
}
