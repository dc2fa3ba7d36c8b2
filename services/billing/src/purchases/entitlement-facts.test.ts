import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { announceInPages } from '@talkwith/platform/eventing';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import { billingService } from '../index.ts';
import { openAccounts } from '../accounts/model.ts';
import { openSubscriptions } from '../subscriptions/records.ts';
import { billingFacts } from './entitlement-facts.ts';
import { openPurchases } from './records.ts';

let svc: ServiceUnderTest;
const seen: EventEnvelope[] = [];
let sub: { close(): Promise<void> };
beforeAll(async () => {
  svc = await startServiceForTest(billingService);
  sub = await svc.platform.events.consume(
    `entitlement-facts-watch-${randomUUID()}`,
    ['purchase.announced', 'subscription.announced'],
    async (e) => {
      seen.push(e);
    },
  );
});
afterAll(async () => {
  await sub?.close();
  await svc?.close();
});

/** A character purchase stored without an event (as if its purchase.completed were lost with the bus). */
async function storedPurchase(
  userId: string,
  status: 'captured' | 'canceled' | 'failed',
  characterId = `c-${randomUUID()}`,
): Promise<string> {
  const at = '2026-11-01T10:00:00.000Z';
  const doc = await openPurchases(svc.platform.store).insertOne({
    user_id: userId,
    product_id: `character-${characterId}`,
    kind: 'character',
    name: 'キャラ',
    amount: 500,
    refunded: 0,
    order_id: `tw${randomUUID().replaceAll('-', '')}`,
    idempotency_key: randomUUID(),
    request_fingerprint: 'f',
    status,
    source: 'card',
    attempts: 1,
    refund_in_flight: null,
    created_at: at,
    updated_at: at,
    settled_at: at,
    character_id: characterId,
  });
  return doc._id;
}

const announcedOf = (purchaseIds: string[], count: number) =>
  eventually(async () => {
    const mine = seen.filter((e) => purchaseIds.includes((e.data as { purchase_id?: string }).purchase_id ?? ''));
    return mine.length >= count ? mine : undefined;
  });

describe('billing entitlement facts, requested by a service that keeps a projection of entitlements', () => {
  it('facts.requested for billing, captured and cancelled character purchases and a subscription stored without events, are announced as they are', async () => {
    const userId = randomUUID();
    const owned = await storedPurchase(userId, 'captured');
    const taken = await storedPurchase(userId, 'canceled');
    const failed = await storedPurchase(userId, 'failed');
    const now = new Date().toISOString();
    const plan = await openSubscriptions(svc.platform.store).insertOne({
      user_id: userId,
      plan_code: 'OTHERS',
      status: 'active',
      group_id: 'g-1',
      period: 1,
      period_start: now,
      period_end: '2099-01-01T00:00:00.000Z',
      account_id: 'a',
      failed_attempts: 0,
      created_at: now,
      updated_at: now,
    });

    await svc.platform.events.publish('facts.requested', 'billing', { owner: 'billing', by: 'catalog' });

    const announced = await announcedOf([owned, taken, failed], 2);
    expect(announced.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purchase_id: owned, user_id: userId, status: 'captured' }),
        expect.objectContaining({ purchase_id: taken, status: 'canceled' }),
      ]),
    );
    expect(announced.some((e) => (e.data as { purchase_id: string }).purchase_id === failed)).toBe(false);
    const subscription = await eventually(async () =>
      seen.find((e) => e.type === 'subscription.announced' && e.key === plan._id),
    );
    expect(subscription.data).toMatchObject({
      subscription_id: plan._id,
      user_id: userId,
      group_id: 'g-1',
      status: 'active',
    });
  });

  it('announcing in pages of 2, five purchases, announces every one and none of a deleted account', async () => {
    const userId = randomUUID();
    const goneId = randomUUID();
    await openAccounts(svc.platform.store).insertOne({
      _id: goneId,
      email: '',
      registered_at: '2026-01-01T00:00:00.000Z',
      deleted_at: '2026-11-02T00:00:00.000Z',
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await storedPurchase(userId, 'captured'));
    const gone = await storedPurchase(goneId, 'captured');

    const counts = await announceInPages(svc.platform.store, svc.platform.events, { ...billingFacts, pageSize: 2 });

    expect(counts['character purchases']).toBeGreaterThanOrEqual(6);
    const announced = await announcedOf(ids, 5);
    expect(new Set(announced.map((e) => (e.data as { purchase_id: string }).purchase_id))).toEqual(new Set(ids));
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.some((e) => (e.data as { purchase_id?: string }).purchase_id === gone)).toBe(false);
  });
});
