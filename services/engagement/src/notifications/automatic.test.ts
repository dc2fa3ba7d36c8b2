import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventMap } from '@talkwith/proto';
import { engagementService } from '../index.ts';
import { japanMonthDay } from './automatic.ts';
import { openNotifications, openReads } from './model.ts';
import { notificationKit } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = notificationKit(() => svc);
const stored = (id: string) => openNotifications(svc.platform.store).findOne({ _id: id });
const arrived = (id: string) => eventually(async () => stored(id));

const subscription = (userId: string, subscriptionId: string): EventMap['subscription.canceled'] => ({
  subscription_id: subscriptionId,
  user_id: userId,
  product_code: 'SUB-1',
  status: 'active',
  period_start: '2099-01-01T00:00:00.000Z',
  period_end: '2099-01-31T15:00:00.000Z',
});

describe('japanMonthDay', () => {
  it('japanMonthDay, 15:30 UTC on the last day of May, answers the first of June (Japan time)', () => {
    expect(japanMonthDay('2026-05-31T15:30:00.000Z')).toBe('6月1日');
    expect(japanMonthDay('2026-05-31T14:59:59.999Z')).toBe('5月31日');
  });
});

describe('automatic notifications', () => {
  it('user.registered, delivered twice, greets the user once with welcome:{user_id}', async () => {
    const userId = randomUUID();
    const event = await svc.platform.events.publish('user.registered', userId, {
      user_id: userId,
      email: 'a@example.jp',
      registered_at: new Date().toISOString(),
    });
    await svc.platform.bus.publish(event);
    await kit.handled(event.id);

    const list = await kit.inbox(userId);

    expect(list.notifications).toMatchObject([
      {
        id: `welcome:${userId}`,
        kind: 'welcome',
        title: 'TALK WITH へようこそ',
        read: false,
        published_at: event.occurredAt,
      },
    ]);
    expect(list.total).toBe(1);
  });

  it('ticket.expiring, 3 tickets expiring at 00:30 on June 1 in Japan, tells the count and that date, until the tickets expire', async () => {
    const userId = randomUUID();
    const lotId = randomUUID();
    const expiresAt = '2099-05-31T15:30:00.000Z';
    for (let i = 0; i < 2; i += 1) {
      const event = await svc.platform.events.publish('ticket.expiring', userId, {
        user_id: userId,
        lot_id: lotId,
        count: 3,
        expires_at: expiresAt,
      });
      await kit.handled(event.id);
    }

    const list = await kit.inbox(userId);

    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      id: `ticket-expiry:${lotId}`,
      kind: 'ticket_expiry',
      publish_until: expiresAt,
    });
    expect(list.notifications[0]?.body).toContain('トークチケット 3 枚の有効期限が 6月1日 に切れます');
  });

  it('subscription.renewed, period 2 delivered as two events and then period 3, adds one notification per period', async () => {
    const userId = randomUUID();
    const subscriptionId = randomUUID();
    for (const period of [2, 2, 3]) {
      const event = await svc.platform.events.publish('subscription.renewed', userId, {
        ...subscription(userId, subscriptionId),
        period,
        amount: 980,
      });
      await kit.handled(event.id);
    }
    expect(
      await openNotifications(svc.platform.store).countDocuments({ audience: userId, kind: 'subscription_renewed' }),
    ).toBe(2);
    expect((await stored(`subscription-renewed:${subscriptionId}:3`))?.body).toContain('次回の更新日は 2月1日 です');
  });

  it('subscription.finished, payment_failed, tells the user; canceled tells nothing', async () => {
    const userId = randomUUID();
    const [failed, canceled] = [randomUUID(), randomUUID()];
    const quiet = await svc.platform.events.publish('subscription.finished', userId, {
      ...subscription(userId, canceled),
      status: 'inactive',
      reason: 'canceled',
    });
    await svc.platform.events.publish('subscription.finished', userId, {
      ...subscription(userId, failed),
      status: 'inactive',
      reason: 'payment_failed',
    });
    await kit.handled(quiet.id);

    const found = await arrived(`subscription-failed:${failed}:2099-01-31T15:00:00.000Z`);

    expect(found).toMatchObject({
      kind: 'subscription_failed',
      audience: userId,
      title: 'サブスクリプションが終了しました',
    });
    expect(await openNotifications(svc.platform.store).countDocuments({ audience: userId })).toBe(1);
  });

  it('subscription.renewal_failed, a retry on 2099-03-01 JST delivered twice and then the last try, tells the retry date once and leaves the end to subscription.finished', async () => {
    const userId = randomUUID();
    const subscriptionId = randomUUID();
    const failed = {
      ...subscription(userId, subscriptionId),
      period: 2,
      attempt: 1,
      amount: 1100,
      retry_at: '2099-02-28T16:00:00.000Z',
    };
    for (let i = 0; i < 2; i += 1)
      await kit.handled((await svc.platform.events.publish('subscription.renewal_failed', userId, failed)).id);
    const last = await svc.platform.events.publish('subscription.renewal_failed', userId, {
      ...failed,
      attempt: 4,
      retry_at: undefined,
    });
    await kit.handled(last.id);

    const list = await kit.inbox(userId);

    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      id: `subscription-renewal-failed:${subscriptionId}:2:1`,
      kind: 'subscription_failed',
      title: '月額プランのお支払いができませんでした',
      publish_until: failed.retry_at,
    });
    expect(list.notifications[0]?.body).toContain('3月1日 にもう一度お支払いを試みます');
  });

  it("user.deleted, a user with own notifications and read marks, erases them and keeps everyone's notification and other users' marks", async () => {
    const [gone, stays] = [randomUUID(), randomUUID()];
    const own = await kit.add({ target: { user_id: gone } });
    const toAll = await kit.add({ target: 'all' });
    await kit.markRead(gone, { ids: [own.id, toAll.id] });
    await kit.markRead(stays, { ids: [toAll.id] });

    const event = await svc.platform.events.publish('user.deleted', gone, { user_id: gone, by: 'user' });
    await kit.handled(event.id);

    expect(await openNotifications(svc.platform.store).countDocuments({ audience: gone })).toBe(0);
    expect(await openReads(svc.platform.store).countDocuments({ user_id: gone })).toBe(0);
    expect(await stored(toAll.id)).not.toBeNull();
    expect(await openReads(svc.platform.store).countDocuments({ user_id: stays })).toBe(1);
  });
});
