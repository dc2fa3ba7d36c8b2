import type { DocumentStore } from '@talkwith/platform';
import type { SerialStats, SerialStatsQuery } from '@talkwith/proto/engagement';
import { japanDayOf, japanRange, rangeFilter } from './calendar.ts';
import { openCoupons, openRedemptions } from './model.ts';

/**
 * Serial statistics over a Japan date range (SPEC.md §5: `end` defaults to
 * today, `start` to none). Debug serials and their redemptions are left out.
 * `by_day` lists the days with redemptions, oldest first; `by_coupon` every
 * coupon generated in the range or redeemed in it, newest coupon first.
 * Redemptions of deleted accounts still count (they only lost their user id).
 */
export async function serialStats(
  store: DocumentStore,
  query: SerialStatsQuery,
  now = new Date(),
): Promise<SerialStats> {
  const range = japanRange(query.start, query.end, now);
  const byCoupon = query.coupon_id ? { coupon_id: query.coupon_id } : {};
  const rows = await openRedemptions(store).find(
    { ...rangeFilter('redeemed_at', range), ...byCoupon, is_debug: false },
    { projection: { coupon_id: 1, redeemed_at: 1 } },
  );
  const generatedCoupons = await openCoupons(store).find({
    ...rangeFilter('created_at', range),
    ...(query.coupon_id ? { _id: query.coupon_id } : {}),
    is_debug: false,
  });

  const perDay = tally(rows.map((row) => japanDayOf(row.redeemed_at)));
  const perCoupon = tally(rows.map((row) => row.coupon_id));
  const couponIds = [...new Set([...generatedCoupons.map((c) => c._id), ...perCoupon.keys()])];
  const coupons = await openCoupons(store).find({ _id: { $in: couponIds } }, { sort: { created_at: -1, _id: 1 } });
  return {
    start: range.start,
    end: range.end,
    generated: generatedCoupons.reduce((sum, coupon) => sum + coupon.count, 0),
    redeemed: rows.length,
    by_day: [...perDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, redeemed]) => ({ date, redeemed })),
    by_coupon: coupons.map((c) => ({
      coupon_id: c._id,
      name: c.name,
      count: c.count,
      redeemed: perCoupon.get(c._id) ?? 0,
    })),
  };
}

function tally(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
