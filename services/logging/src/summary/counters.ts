import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import type { LogEntry } from '@talkwith/proto/logging';
import { japanDay } from '../entries/japan-time.ts';

/** The admin home's figures of one Japan day: one small document per day, bumped by the consumers (never a scan of the logs). */
export type DayFigures = { talks: number; signups: number; revenue_yen: number; errors: number };
/** dropped_lines: client lines refused by a stored-line budget that day (ingest/line-budgets.ts): counted, never stored. */
export type DailyDoc = { _id: string; dropped_lines?: number } & Partial<DayFigures>;

export const DAILY = 'log_daily';
export const dailyIn = (store: DocumentStore | Transaction): Collection<DailyDoc> => store.collection<DailyDoc>(DAILY);

/** Events that move a figure without (only) being an entry: talks started, refunds. */
export const COUNTED_EVENTS = ['talk.started', 'purchase.refunded'] as const;

type Counted = EventOf<
  'talk.started' | 'user.registered' | 'purchase.completed' | 'purchase.refunded' | 'subscription.renewed'
>;
type CountedEvent = { type: string; data: unknown; occurredAt: string };

/**
 * What an event adds to its day's figures, dated by the moment the event
 * names. Revenue is every captured charge: a purchase (`purchase.completed`)
 * and a subscription period (`subscription.renewed`, the first period
 * included, dated when it was charged), less every refund, partial or whole
 * (`purchase.refunded`; `purchase.canceled` follows a whole one and is not
 * counted again).
 */
function bumpOf(event: CountedEvent): { day: string; inc: Partial<DayFigures> } | null {
  const e = event as Counted;
  switch (e.type) {
    case 'talk.started':
      return { day: japanDay(e.data.started_at), inc: { talks: 1 } };
    case 'user.registered':
      return { day: japanDay(e.data.registered_at), inc: { signups: 1 } };
    case 'purchase.completed':
      return { day: japanDay(e.data.completed_at), inc: { revenue_yen: e.data.amount } };
    case 'subscription.renewed':
      return { day: japanDay(e.occurredAt), inc: { revenue_yen: e.data.amount } };
    case 'purchase.refunded':
      return { day: japanDay(e.data.refunded_at), inc: { revenue_yen: -e.data.amount } };
    default:
      return null;
  }
}

async function bump(tx: Transaction, day: string, inc: Partial<DayFigures> | { dropped_lines: number }): Promise<void> {
  await dailyIn(tx).updateOne({ _id: day }, { $inc: inc }, { upsert: true });
}

/** Counts an event into its day, in the transaction that records it as handled (so once per event id). */
export async function countEvent(tx: Transaction, event: CountedEvent): Promise<void> {
  const change = bumpOf(event);
  if (change) await bump(tx, change.day, change.inc);
}

/** Counts freshly stored error entries, one update per day they fall on. */
export async function countErrors(tx: Transaction, entries: LogEntry[]): Promise<void> {
  const perDay = new Map<string, number>();
  for (const entry of entries)
    if (entry.type === 'error')
      perDay.set(japanDay(entry.created_at), (perDay.get(japanDay(entry.created_at)) ?? 0) + 1);
  for (const [day, errors] of perDay) await bump(tx, day, { errors });
}

/** Counts client lines a budget refused, on the Japan day they were dropped (one update per batch). */
export async function countDropped(tx: Transaction, dropped: number, now = new Date()): Promise<void> {
  if (dropped > 0) await bump(tx, japanDay(now.toISOString()), { dropped_lines: dropped });
}
