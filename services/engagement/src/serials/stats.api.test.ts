import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import type { Redemption } from '@talkwith/proto/engagement';
import { engagementService } from '../index.ts';
import { japanDayOf } from './calendar.ts';
import { redeemSerial } from './redeem.ts';
import { serialTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = serialTestKit(() => svc);

/** A batch with redemptions at the given instants (made through the domain function, which takes the time). */
async function batchRedeemedAt(instants: string[], options: { is_debug?: boolean } = {}) {
  const coupon = await kit.generate({ count: instants.length, ...options });
  const codes = await kit.codesOf(coupon.coupon_id);
  for (const [i, at] of instants.entries()) {
    await redeemSerial(svc.platform, {
      userId: randomUUID(),
      isAdmin: options.is_debug ?? false,
      code: codes[i]!,
      now: new Date(at),
    });
  }
  return coupon;
}

const stats = async (query: string) => {
  const res = await svc.app.inject({ method: 'GET', url: `/api/admin/serials/stats?${query}`, headers: kit.admin() });
  expect(res.statusCode).toBe(200);
  return res.json().stats;
};

describe('serial stats route', () => {
  it('stats, a May range, counts redemptions by Japan day (23:30 and 00:30 JST fall on two days)', async () => {
    const coupon = await batchRedeemedAt(['2024-05-01T14:30:00Z', '2024-05-01T15:30:00Z', '2024-06-10T03:00:00Z']);
    const result = await stats(`coupon_id=${coupon.coupon_id}&start=2024-05-01&end=2024-05-31`);
    expect(result).toEqual({
      start: '2024-05-01',
      end: '2024-05-31',
      generated: 0,
      redeemed: 2,
      by_day: [
        { date: '2024-05-01', redeemed: 1 },
        { date: '2024-05-02', redeemed: 1 },
      ],
      by_coupon: [{ coupon_id: coupon.coupon_id, name: coupon.name, count: 3, redeemed: 2 }],
    });
  });

  it('stats, no start and no end, runs from the beginning to today (Japan) and counts the batch as generated', async () => {
    const coupon = await batchRedeemedAt(['2024-05-01T14:30:00Z', new Date().toISOString()]);
    const result = await stats(`coupon_id=${coupon.coupon_id}`);
    expect(result).toMatchObject({ start: null, end: japanDayOf(new Date()), generated: 2, redeemed: 2 });
    expect(result.by_day).toHaveLength(2);
  });

  it('stats, empty start and end as the form sends them, mean the defaults', async () => {
    const coupon = await batchRedeemedAt(['2024-05-01T14:30:00Z']);
    expect(await stats(`coupon_id=${coupon.coupon_id}&start=&end=`)).toMatchObject({ start: null, redeemed: 1 });
  });

  it('stats, a debug batch redeemed by staff, is left out entirely', async () => {
    const coupon = await batchRedeemedAt(['2024-05-03T00:00:00Z'], { is_debug: true });
    expect(await stats(`coupon_id=${coupon.coupon_id}`)).toMatchObject({
      generated: 0,
      redeemed: 0,
      by_day: [],
      by_coupon: [],
    });
  });
});

describe('serial redemptions route (POST /api/admin/serials)', () => {
  it('redemptions, a date range, lists those inside it newest first, debug ones flagged', async () => {
    const normal = await batchRedeemedAt(['2023-02-01T01:00:00Z', '2023-02-03T01:00:00Z', '2023-03-01T01:00:00Z']);
    const debug = await batchRedeemedAt(['2023-02-02T01:00:00Z'], { is_debug: true });
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/serials',
      headers: kit.admin(),
      payload: { start: '2023-02-01', end: '2023-02-28' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ours = body.redemptions.filter((r: Redemption) => [normal.coupon_id, debug.coupon_id].includes(r.coupon_id));
    expect(ours.map((r: Redemption) => [r.redeemed_at, r.is_debug])).toEqual([
      ['2023-02-03T01:00:00.000Z', false],
      ['2023-02-02T01:00:00.000Z', true],
      ['2023-02-01T01:00:00.000Z', false],
    ]);
  });

  it('redemptions, one coupon and page 2 of 21, shows the oldest one and the paging counters', async () => {
    const instants = Array.from({ length: 21 }, (_, i) => new Date(Date.UTC(2022, 0, 1, 0, i)).toISOString());
    const coupon = await batchRedeemedAt(instants);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/serials',
      headers: kit.admin(),
      payload: { coupon_id: coupon.coupon_id, page: 2 },
    });
    expect(res.json()).toMatchObject({
      ok: true,
      total: 21,
      page: 2,
      pages: 2,
      redemptions: [{ redeemed_at: instants[0] }],
    });
  });
});
