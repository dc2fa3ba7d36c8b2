import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { AdminNotificationList, AdminNotificationReply } from '@talkwith/proto/engagement';
import { engagementService } from '../index.ts';
import { openNotifications, openReads } from './model.ts';
import { daysFromNow, notificationKit } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = notificationKit(() => svc);
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  svc.app.inject({ method, url, headers: kit.asAdmin(), ...(payload ? { payload } : {}) });
const auditsOf = async (action: string) =>
  (await svc.platform.store.collection<OutboxEntry>(OUTBOX).find({ type: 'admin.acted', key: kit.adminId }))
    .map((e) => e.envelope.data)
    .filter((d) => JSON.stringify(d).includes(action));

describe('admin notification routes: who may call them', () => {
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
    ['GET', '/api/admin/notifications'],
    ['GET', '/api/admin/notifications/n1'],
    ['POST', '/api/admin/notifications/add', { title: 't', body: 'b', target: 'all' }],
    ['PUT', '/api/admin/notifications/edit/n1', { title: 't' }],
    ['PUT', '/api/admin/notifications/n1', { title: 't' }],
    ['POST', '/api/admin/notifications/active/n1', { active: false }],
    ['DELETE', '/api/admin/notifications/delete/n1'],
    ['DELETE', '/api/admin/notifications/n1'],
  ];

  it.each(routes)('%s %s, a customer, answers 403; no token, 401', async (method, url, payload) => {
    const asCustomer = await svc.app.inject({
      method,
      url,
      headers: kit.auth(randomUUID()),
      ...(payload ? { payload } : {}),
    });
    const anonymous = await svc.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('POST /api/admin/notifications/add, a customer, writes nothing', async () => {
    const title = `乗っ取り ${randomUUID()}`;
    await svc.app.inject({
      method: 'POST',
      url: '/api/admin/notifications/add',
      headers: kit.auth(randomUUID()),
      payload: { title, body: 'b', target: 'all' },
    });
    expect(await openNotifications(svc.platform.store).countDocuments({ title })).toBe(0);
  });
});

describe('POST /api/admin/notifications/add', () => {
  it('add, to one user, answers 201 live, audits it with the user, and the user sees it', async () => {
    const userId = randomUUID();
    const added = await kit.add({ title: 'メンテナンスのお知らせ', target: { user_id: userId } });
    expect(added).toMatchObject({
      kind: 'admin',
      active: true,
      is_news: false,
      state: 'live',
      target: { user_id: userId },
      read_count: 0,
      created_by: kit.adminId,
      publish_from: null,
      publish_until: null,
    });
    expect(await auditsOf(added.id)).toMatchObject([
      {
        admin_id: kit.adminId,
        action: 'notification.added',
        target_user_id: userId,
        detail: { notification_id: added.id },
      },
    ]);
    expect((await kit.inbox(userId)).notifications.map((n) => n.id)).toEqual([added.id]);
  });

  it('add, a window in another time zone, stores it in UTC and reports it scheduled', async () => {
    const added = await kit.add({
      target: 'all',
      publish_from: '2099-01-01T09:00:00+09:00',
      publish_until: '2099-01-02T09:00:00+09:00',
    });
    expect(added).toMatchObject({
      state: 'scheduled',
      publish_from: '2099-01-01T00:00:00.000Z',
      publish_until: '2099-01-02T00:00:00.000Z',
    });
  });

  it.each([
    ['is_news to one user', { is_news: true, target: { user_id: 'u-1' } }, 'is_news'],
    [
      'publish_until before publish_from',
      { target: 'all', publish_from: daysFromNow(2), publish_until: daysFromNow(1) },
      'publish_until',
    ],
    [
      'publish_until equal to publish_from',
      { target: 'all', publish_from: '2099-01-01T00:00:00.000Z', publish_until: '2099-01-01T00:00:00.000Z' },
      'publish_until',
    ],
    ['publish_until already past, no publish_from', { target: 'all', publish_until: daysFromNow(-1) }, 'publish_until'],
  ])('add, %s, answers 400 and writes nothing', async (_label, fields, field) => {
    const title = `不正 ${randomUUID()}`;
    const res = await admin('POST', '/api/admin/notifications/add', { title, body: 'b', ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field });
    expect(await openNotifications(svc.platform.store).countDocuments({ title })).toBe(0);
    expect(await auditsOf(title)).toEqual([]);
  });

  it.each([
    ['no title', { body: 'b', target: 'all' }],
    ['an empty title', { title: '', body: 'b', target: 'all' }],
    ['a title of 201 characters', { title: 'あ'.repeat(201), body: 'b', target: 'all' }],
    ['no target', { title: 't', body: 'b' }],
    ['target some', { title: 't', body: 'b', target: 'some' }],
    ['a user id with an operator', { title: 't', body: 'b', target: { user_id: { $ne: null } } }],
    ['a date that is not a date', { title: 't', body: 'b', target: 'all', publish_from: 'tomorrow' }],
    ['active as text', { title: 't', body: 'b', target: 'all', active: 'yes' }],
  ])('add, %s, answers 400', async (_label, payload) => {
    const res = await admin('POST', '/api/admin/notifications/add', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});

describe('editing, switching and deleting', () => {
  it.each([['/api/admin/notifications/edit/'], ['/api/admin/notifications/']])(
    'PUT %s{id}, new title and a future start, answers the edited one scheduled and audits it',
    async (prefix) => {
      const added = await kit.add({ target: 'all' });
      const res = await admin('PUT', `${prefix}${added.id}`, { title: '改訂', publish_from: daysFromNow(1) });
      expect(res.statusCode).toBe(200);
      expect(res.json<AdminNotificationReply>().notification).toMatchObject({
        id: added.id,
        title: '改訂',
        body: added.body,
        state: 'scheduled',
      });
      expect(await auditsOf(added.id)).toMatchObject([
        { action: 'notification.added' },
        { action: 'notification.edited' },
      ]);
    },
  );

  it('PUT edit, is_news on a notification to one user, or an end before its start, answers 400 and leaves it as it was', async () => {
    const added = await kit.add({ target: { user_id: randomUUID() }, publish_from: daysFromNow(-1) });
    const news = await admin('PUT', `/api/admin/notifications/${added.id}`, { is_news: true });
    const window = await admin('PUT', `/api/admin/notifications/${added.id}`, { publish_until: daysFromNow(-2) });
    expect([news.statusCode, window.statusCode]).toEqual([400, 400]);
    expect(
      (await admin('GET', `/api/admin/notifications/${added.id}`)).json<AdminNotificationReply>().notification,
    ).toMatchObject({ is_news: false, publish_until: null });
  });

  it('PUT edit, an empty body, an unknown id, or a bad id, answers 400 / 404 / 400', async () => {
    const added = await kit.add({ target: 'all' });
    expect((await admin('PUT', `/api/admin/notifications/${added.id}`, {})).statusCode).toBe(400);
    expect((await admin('PUT', `/api/admin/notifications/${randomUUID()}`, { title: 't' })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await admin('PUT', '/api/admin/notifications/edit/%24ne', { title: 't' })).statusCode).toBe(400);
  });

  it('POST active/{id} false, a live notification, answers it inactive and the user no longer sees it', async () => {
    const userId = randomUUID();
    const added = await kit.add({ target: { user_id: userId } });
    const res = await admin('POST', `/api/admin/notifications/active/${added.id}`, { active: false });
    expect(res.json<AdminNotificationReply>().notification).toMatchObject({ active: false, state: 'inactive' });
    expect((await kit.inbox(userId, '?active=false')).notifications.map((n) => n.id)).not.toContain(added.id);
    expect((await admin('POST', `/api/admin/notifications/active/${added.id}`, { active: 'no' })).statusCode).toBe(400);
    expect((await admin('POST', `/api/admin/notifications/active/${randomUUID()}`, { active: true })).statusCode).toBe(
      404,
    );
  });

  it.each([['/api/admin/notifications/delete/'], ['/api/admin/notifications/']])(
    'DELETE %s{id}, a read notification, removes it and its read marks; a second delete answers 404',
    async (prefix) => {
      const userId = randomUUID();
      const added = await kit.add({ target: 'all' });
      await kit.markRead(userId, { ids: [added.id] });
      expect(
        (await admin('GET', `/api/admin/notifications/${added.id}`)).json<AdminNotificationReply>().notification
          .read_count,
      ).toBe(1);

      const res = await admin('DELETE', `${prefix}${added.id}`);

      expect(res.json()).toEqual({ ok: true });
      expect(await openReads(svc.platform.store).countDocuments({ notification_id: added.id })).toBe(0);
      expect(
        (await svc.app.inject({ method: 'GET', url: `/api/notification/${added.id}`, headers: kit.auth(userId) }))
          .statusCode,
      ).toBe(404);
      expect((await admin('DELETE', `${prefix}${added.id}`)).statusCode).toBe(404);
      expect(await auditsOf(added.id)).toMatchObject([
        { action: 'notification.added' },
        { action: 'notification.deleted' },
      ]);
    },
  );
});

describe('GET /api/admin/notifications', () => {
  it("list, filtered by user, answers that user's admin-written ones newest first, and the automatic welcome only with kind=any", async () => {
    const userId = randomUUID();
    const first = await kit.add({ target: { user_id: userId } });
    const second = await kit.add({ target: { user_id: userId } });
    await svc.platform.events.publish('user.registered', userId, {
      user_id: userId,
      email: 'a@example.jp',
      registered_at: new Date().toISOString(),
    });
    await eventually(async () => openNotifications(svc.platform.store).findOne({ _id: `welcome:${userId}` }));

    const byDefault = (await admin('GET', `/api/admin/notifications?user_id=${userId}`)).json<AdminNotificationList>();
    const any = (
      await admin('GET', `/api/admin/notifications?user_id=${userId}&kind=any`)
    ).json<AdminNotificationList>();
    const welcome = (
      await admin('GET', `/api/admin/notifications?user_id=${userId}&kind=welcome`)
    ).json<AdminNotificationList>();

    expect(byDefault).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(byDefault.notifications.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(any.total).toBe(3);
    expect(welcome.notifications).toMatchObject([
      { id: `welcome:${userId}`, kind: 'welcome', created_by: null, target: { user_id: userId } },
    ]);
  });

  it('list, 21 admin-written ones to one user, pages 20 then 1', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 21; i += 1) await kit.add({ target: { user_id: userId } });
    const second = (
      await admin('GET', `/api/admin/notifications?user_id=${userId}&page=2`)
    ).json<AdminNotificationList>();
    expect(second).toMatchObject({ total: 21, page: 2, pages: 2 });
    expect(second.notifications).toHaveLength(1);
  });

  it('list, q with pattern characters, matches them literally', async () => {
    const marker = randomUUID();
    const literal = await kit.add({ target: 'all', title: `キャンペーン (.*) ${marker}` });
    await kit.add({ target: 'all', title: `キャンペーン ABC ${marker}` });
    const res = await admin('GET', `/api/admin/notifications?q=${encodeURIComponent(`(.*) ${marker}`)}`);
    expect(res.json<AdminNotificationList>().notifications.map((n) => n.id)).toEqual([literal.id]);
  });

  it('list, active=false, answers switched-off ones only', async () => {
    const userId = randomUUID();
    const off = await kit.add({ target: { user_id: userId }, active: false });
    await kit.add({ target: { user_id: userId } });
    const res = await admin('GET', `/api/admin/notifications?user_id=${userId}&active=false`);
    expect(res.json<AdminNotificationList>().notifications.map((n) => n.id)).toEqual([off.id]);
  });

  it.each([['?page=0'], ['?kind=spam'], ['?active=perhaps'], [`?q=${'x'.repeat(101)}`], ['?user_id=%24ne']])(
    'list, bad query %s, answers 400',
    async (query) => {
      expect((await admin('GET', `/api/admin/notifications${query}`)).statusCode).toBe(400);
    },
  );

  it('GET /api/admin/notifications/{id}, unknown, answers 404', async () => {
    expect((await admin('GET', `/api/admin/notifications/${randomUUID()}`)).json()).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});
