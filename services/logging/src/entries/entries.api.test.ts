import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLogging, uniqueId, type LoggingUnderTest } from '../test-kit.ts';

let svc: LoggingUnderTest;
beforeAll(async () => {
  svc = await startLogging();
});
afterAll(async () => {
  await svc?.close();
});

const at = () => new Date().toISOString();

describe('logging entries from events', () => {
  it('client.logged, an error line with device details, is stored as a client entry with its extra and character', async () => {
    const userId = uniqueId('u');
    await svc.platform.events.publish('client.logged', userId, {
      user_id: userId,
      type: 'error',
      extra: { os: 'iOS' },
      character_id: 'c1',
      message: 'マイクが許可されていません',
    });

    const [entry] = await svc.listed({ user_id: userId }, 1);

    expect(entry).toMatchObject({
      type: 'error',
      source: 'client',
      user_id: userId,
      character_id: 'c1',
      message: 'マイクが許可されていません',
      extra: { os: 'iOS' },
      actor_id: null,
    });
    expect(Date.parse(entry!.created_at)).not.toBeNaN();
  });

  it('client.logged of type admin (an admin console line), is stored with source client, never audit', async () => {
    const userId = uniqueId('admin');
    await svc.platform.events.publish('client.logged', userId, {
      user_id: userId,
      type: 'admin',
      message: '管理画面を開きました',
    });

    const [entry] = await svc.listed({ user_id: userId }, 1);

    expect(entry).toMatchObject({ type: 'admin', source: 'client', actor_id: null });
  });

  it('audit and service sources, only their events write them, client lines never do', async () => {
    const userId = uniqueId('u');
    await svc.platform.events.publish('client.logged', userId, {
      user_id: userId,
      type: 'ticket',
      message: 'チケットを100枚付与しました',
    });
    await svc.platform.events.publish('admin.acted', userId, {
      admin_id: 'admin-9',
      action: 'user.password_changed',
      target_user_id: userId,
      detail: { sendMail: true },
    });
    await svc.platform.events.publish('ticket.granted', userId, {
      user_id: userId,
      lot_id: 'l1',
      count: 3,
      source: 'operator',
      expires_at: at(),
    });

    const entries = await svc.listed({ user_id: userId }, 3);
    const bySource = Object.fromEntries(entries.map((e) => [e.source, e]));

    expect(bySource.client).toMatchObject({
      type: 'other',
      message: 'チケットを100枚付与しました',
      extra: { claimed_type: 'ticket' },
    });
    expect(bySource.audit).toMatchObject({
      type: 'admin',
      actor_id: 'admin-9',
      user_id: userId,
      message: 'user.password_changed',
      extra: { sendMail: true },
    });
    expect(bySource.service).toMatchObject({ type: 'ticket', message: 'トークチケットを3枚付与しました（運営）' });
  });

  it('user.logged_in with and without the 48-hour flag, are a re-login and a log-in of type connect', async () => {
    const userId = uniqueId('u');
    await svc.platform.events.publish('user.logged_in', userId, {
      user_id: userId,
      relogin: false,
      method: 'password',
      at: at(),
    });
    await svc.platform.events.publish('user.logged_in', userId, {
      user_id: userId,
      relogin: true,
      method: 'google',
      at: at(),
    });
    await svc.platform.events.publish('user.registered', userId, {
      user_id: userId,
      email: 'a@example.com',
      registered_at: at(),
    });

    const entries = await svc.listed({ user_id: userId, types: ['connect'] }, 3);

    expect(entries.map((e) => e.message).sort()).toEqual(
      ['ログイン', '会員登録', '再ログイン（前回から48時間以内）'].sort(),
    );
    expect(entries.every((e) => e.source === 'service')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('a@example.com');
  });

  it('billing events, points, subscription and purchases, get their categories and Japanese messages', async () => {
    const userId = uniqueId('u');
    const facts = {
      subscription_id: 's1',
      user_id: userId,
      product_code: 'basic',
      status: 'active' as const,
      period_start: at(),
      period_end: at(),
    };
    await svc.platform.events.publish('points.used', userId, {
      user_id: userId,
      points: 50,
      code: 'TA0001',
      used_at: at(),
    });
    await svc.platform.events.publish('subscription.renewed', userId, { ...facts, period: 2, amount: 980 });
    await svc.platform.events.publish('purchase.completed', userId, {
      purchase_id: 'p1',
      user_id: userId,
      order_id: 'o1',
      product_id: 'x',
      kind: 'tickets',
      amount: 1200,
      completed_at: at(),
    });
    await svc.platform.events.publish('purchase.canceled', userId, {
      purchase_id: 'p1',
      user_id: userId,
      order_id: 'o1',
      amount: 1200,
      by: 'admin',
      canceled_at: at(),
    });

    const entries = await svc.listed({ user_id: userId }, 4);
    const messages = Object.fromEntries(entries.map((e) => [e.message, e.type]));

    expect(messages).toEqual({
      '50ポイントを使用しました': 'point',
      'サブスクリプションを更新しました（第2期・980円）': 'subscription',
      '1200円の購入が完了しました（トークチケット）': 'ticket',
      '1200円の購入を取り消しました（運営による取消）': 'other',
    });
  });
});
