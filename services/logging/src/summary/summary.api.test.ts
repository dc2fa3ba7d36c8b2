import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { LogSummaryReply } from '@talkwith/proto/logging';
import { japanDay } from '../entries/japan-time.ts';
import { startLogging, uniqueId, type LoggingUnderTest } from '../test-kit.ts';

let svc: LoggingUnderTest;
beforeAll(async () => {
  svc = await startLogging();
});
afterAll(async () => {
  await svc?.close();
});

const summary = async (date: string, token = svc.admin) =>
  svc.app.inject({
    method: 'GET',
    url: `/api/admin/logs/summary?date=${date}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('GET /api/admin/logs/summary', () => {
  it('summary, talks, signups, purchases, a cancellation and error lines of a Japan day, adds them up and shows 7 days', async () => {
    const user = uniqueId('u');
    const day = '2024-06-02T01:00:00.000Z'; // 10:00 JST on 2024-06-02
    const dayBefore = '2024-05-31T16:00:00.000Z'; // 01:00 JST on 2024-06-01
    const { events } = svc.platform;
    await events.publish('talk.started', user, {
      talk_id: 't1',
      user_id: user,
      character_id: 'c1',
      btn: 'start',
      ticket_use_id: null,
      started_at: day,
    });
    await events.publish('talk.started', user, {
      talk_id: 't2',
      user_id: user,
      character_id: 'c1',
      btn: 'start',
      ticket_use_id: null,
      started_at: dayBefore,
    });
    await events.publish('user.registered', user, { user_id: user, email: 'x@example.com', registered_at: day });
    await events.publish('purchase.completed', user, {
      purchase_id: 'p1',
      user_id: user,
      order_id: 'o1',
      product_id: 'x',
      kind: 'points',
      amount: 3000,
      completed_at: day,
    });
    await events.publish('purchase.refunded', user, {
      purchase_id: 'p2',
      user_id: user,
      order_id: 'o2',
      amount: 500,
      refunded: 500,
      whole: true,
      refunded_at: day,
    });
    await events.publish('purchase.canceled', user, {
      purchase_id: 'p2',
      user_id: user,
      order_id: 'o2',
      amount: 500,
      by: 'admin',
      canceled_at: day,
    });
    await events.publish('client.logged', user, { user_id: user, type: 'error' });

    const reply = await eventually(async () => {
      const body = (await summary('2024-06-02')).json() as LogSummaryReply;
      return body.revenue_yen === 2500 && body.days[5]?.talks === 1 ? body : undefined;
    });

    expect(reply).toMatchObject({ ok: true, date: '2024-06-02', talks: 1, signups: 1, revenue_yen: 2500, errors: 0 });
    expect(reply.days.map((d) => d.date)).toEqual([
      '2024-05-27',
      '2024-05-28',
      '2024-05-29',
      '2024-05-30',
      '2024-05-31',
      '2024-06-01',
      '2024-06-02',
    ]);
    const today = await eventually(async () => {
      const body = (
        await svc.app.inject({
          method: 'GET',
          url: '/api/admin/logs/summary',
          headers: { authorization: `Bearer ${svc.admin}` },
        })
      ).json() as LogSummaryReply;
      return body.errors >= 1 ? body : undefined;
    });
    expect(today.days).toHaveLength(7);
  });

  it('summary revenue, a purchase, a subscription period and a partial refund of today, counts every captured yen less the refund', async () => {
    const user = uniqueId('u');
    const { events } = svc.platform;
    const now = new Date().toISOString();
    const today = japanDay(now);
    const before = ((await summary(today)).json() as LogSummaryReply).revenue_yen;
    await events.publish('purchase.completed', user, {
      purchase_id: uniqueId('p'),
      user_id: user,
      order_id: uniqueId('o'),
      product_id: 'points-500',
      kind: 'points',
      amount: 500,
      completed_at: now,
    });
    await events.publish('subscription.renewed', uniqueId('s'), {
      subscription_id: uniqueId('s'),
      user_id: user,
      product_code: 'PROD001',
      status: 'active',
      period_start: now,
      period_end: now,
      period: 1,
      amount: 1100,
    });
    await events.publish('purchase.refunded', user, {
      purchase_id: uniqueId('p'),
      user_id: user,
      order_id: uniqueId('o'),
      amount: 200,
      refunded: 200,
      whole: false,
      refunded_at: now,
    });

    const reply = await eventually(async () => {
      const body = (await summary(today)).json() as LogSummaryReply;
      return body.revenue_yen === before + 1400 ? body : undefined;
    });

    expect(reply.revenue_yen - before).toBe(500 + 1100 - 200);
  });

  it('summary, a day that does not exist or an unknown field, answers 400', async () => {
    expect((await summary('2025-02-30')).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'date' });
    expect(
      (
        await svc.app.inject({
          method: 'GET',
          url: '/api/admin/logs/summary?day=2025-01-01',
          headers: { authorization: `Bearer ${svc.admin}` },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('summary, by a customer, answers 403', async () => {
    expect((await summary('2025-01-01', svc.tokenFor('u1'))).statusCode).toBe(403);
  });
});
