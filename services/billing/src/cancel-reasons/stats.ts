import { type DocumentStore } from '@talkwith/platform';
import type { CancelReasonCount, CancelReasonStatsQuery, CancelReasonStatsReply } from '@talkwith/proto/billing';
import { japanDayOf } from '../ledger/calendar.ts';
import { offeredReasons, openCancellations, type CancellationRecord } from './model.ts';
import { cancelReasonErrors } from '../errors.ts';

const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const COMMENTS = 20;
export const NO_REASON_LABEL = '理由の選択なし';

/** 00:00 JST of a `YYYY-MM-DD` Japan day, or 400 when the day does not exist. */
function startOfJapanDay(day: string, field: string): number {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day) throw cancelReasonErrors.noSuchDay(field);
  return at - JST_OFFSET_MS;
}

export function periodOf(
  query: CancelReasonStatsQuery,
  now: Date,
): { from: string; to: string; start: string; end: string } {
  const to = query.to ?? japanDayOf(now);
  const toStart = startOfJapanDay(to, 'to');
  const from = query.from ?? japanDayOf(new Date(toStart + JST_OFFSET_MS - (DEFAULT_DAYS - 1) * DAY_MS));
  const fromStart = startOfJapanDay(from, 'from');
  if (fromStart > toStart) throw cancelReasonErrors.rangeOrder();
  if ((toStart - fromStart) / DAY_MS + 1 > MAX_DAYS) throw cancelReasonErrors.rangeTooLong();
  return { from, to, start: new Date(fromStart).toISOString(), end: new Date(toStart + DAY_MS).toISOString() };
}

function countsOf(rows: CancellationRecord[], offered: Array<{ _id: string; label: string }>): CancelReasonCount[] {
  const counts = new Map<string, CancelReasonCount>(
    offered.map((r) => [r._id, { reason_id: r._id, label: r.label, count: 0 }]),
  );
  for (const row of rows) {
    const key = row.reason_id ?? '';
    const entry = counts.get(key) ?? { reason_id: row.reason_id, label: row.reason_label ?? NO_REASON_LABEL, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count);
}

/**
 * Cancellations per reason over a period of Japan days (both ends included):
 * every reason offered now (with 0), retired ones and "no reason" when chosen
 * in the period, most chosen first; and the latest free texts.
 */
export async function cancelReasonStats(
  store: DocumentStore,
  query: CancelReasonStatsQuery,
  now: Date,
): Promise<CancelReasonStatsReply> {
  const period = periodOf(query, now);
  const rows = await openCancellations(store).find(
    { canceled_at: { $gte: period.start, $lt: period.end } },
    { sort: { canceled_at: -1 } },
  );
  const comments = rows
    .filter((r) => r.text)
    .slice(0, COMMENTS)
    .map((r) => ({ at: r.canceled_at, label: r.reason_label ?? NO_REASON_LABEL, text: r.text ?? '' }));
  return {
    ok: true,
    from: period.from,
    to: period.to,
    total: rows.length,
    reasons: countsOf(rows, await offeredReasons(store)),
    comments,
  };
}
