import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceInPages } from '@talkwith/platform/eventing';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import { engagementService } from '../index.ts';
import { engagementFacts } from './announce.ts';
import { DELETED_USER, openCoupons, openRedemptions } from './model.ts';

let svc: ServiceUnderTest;
const seen: EventEnvelope[] = [];
let sub: { close(): Promise<void> };
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
  sub = await svc.platform.events.consume(
    `serial-facts-watch-${randomUUID()}`,
    ['coupon.announced', 'redemption.announced', 'serial.redeemed'],
    async (e) => {
      seen.push(e);
    },
  );
});
afterAll(async () => {
  await sub?.close();
  await svc?.close();
});

const AT = '2026-11-01T10:00:00.000Z';

/** A batch stored without an event (as if its coupon.saved were lost with the bus). */
async function storedCoupon(): Promise<string> {
  const coupon = await openCoupons(svc.platform.store).insertOne({
    name: '特典',
    prefix: 'TW',
    character_id: `c-${randomUUID()}`,
    block_id: 'b-secret',
    tickets: 1,
    valid_from: null,
    valid_until: null,
    is_debug: false,
    count: 1,
    created_at: AT,
    created_by: 'admin',
  });
  return coupon._id;
}

async function storedRedemption(couponId: string, userId: string): Promise<string> {
  const row = await openRedemptions(svc.platform.store).insertOne({
    serial_id: `S-${randomUUID()}`,
    coupon_id: couponId,
    user_id: userId,
    character_id: 'c-1',
    block_id: 'b-secret',
    tickets: 1,
    is_debug: false,
    redeemed_at: AT,
    once_key: `${couponId}:${userId}:${randomUUID()}`,
  });
  return row._id;
}

const announcedIds = (type: string) =>
  seen
    .filter((e) => e.type === type)
    .map((e) =>
      String((e.data as Record<string, unknown>)[type === 'coupon.announced' ? 'coupon_id' : 'redemption_id']),
    );

describe('engagement serial facts, requested by a service that keeps a projection of them', () => {
  it('facts.requested for engagement, a batch and a redemption stored without events, are announced and nothing is redeemed again', async () => {
    const couponId = await storedCoupon();
    const userId = randomUUID();
    const redemptionId = await storedRedemption(couponId, userId);

    await svc.platform.events.publish('facts.requested', 'engagement', { owner: 'engagement', by: 'catalog' });

    const redemption = await eventually(async () =>
      seen.find(
        (e) =>
          e.type === 'redemption.announced' && (e.data as { redemption_id: string }).redemption_id === redemptionId,
      ),
    );
    expect(redemption).toMatchObject({
      key: userId,
      data: { coupon_id: couponId, user_id: userId, block_id: 'b-secret', redeemed_at: AT },
    });
    expect(announcedIds('coupon.announced')).toContain(couponId);
    expect(seen.some((e) => e.type === 'serial.redeemed')).toBe(false);
  });

  it("announcing in pages of 2, five batches and a deleted account's redemption, announces every batch and the live redemption, not that one", async () => {
    const coupons: string[] = [];
    for (let i = 0; i < 5; i += 1) coupons.push(await storedCoupon());
    const forgotten = await storedRedemption(coupons[0]!, DELETED_USER);
    const live = await storedRedemption(coupons[1]!, randomUUID());

    const counts = await announceInPages(svc.platform.store, svc.platform.events, { ...engagementFacts, pageSize: 2 });

    expect(counts.coupons).toBeGreaterThanOrEqual(5);
    await eventually(async () => coupons.every((id) => announcedIds('coupon.announced').includes(id)) || undefined);
    await eventually(async () => announcedIds('redemption.announced').includes(live) || undefined);
    expect(announcedIds('redemption.announced')).not.toContain(forgotten);
  });
});
