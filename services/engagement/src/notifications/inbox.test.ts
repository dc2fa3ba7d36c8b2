import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import type { NotificationList, NotificationReply, NotificationsAvailable } from '@talkwith/proto/engagement';
import { engagementService } from '../index.ts';
import { openReads } from './model.ts';
import { daysFromNow, notificationKit } from './test-support.ts';

// Only notifications to one user are written here, so each test's counts are exact.
let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = notificationKit(() => svc);
const to = (userId: string) => ({ target: { user_id: userId } });

/** `count` notifications to one user, oldest first (published a minute apart). */
async function several(userId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push(
      (await kit.add({ ...to(userId), publish_from: new Date(Date.now() - (count - i) * 60_000).toISOString() })).id,
    );
  return ids;
}

describe('GET /api/notifications', () => {
  it('GET /api/notifications, no token, answers 401', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });

  it('GET /api/notifications, 22 notifications with the 3 newest read, pages unread first then read, newest first within each', async () => {
    const userId = randomUUID();
    const ids = await several(userId, 22);
    const newest = [...ids].reverse();
    expect((await kit.markRead(userId, { ids: newest.slice(0, 3) })).json()).toEqual({ ok: true, unread: 19 });

    const first = await kit.inbox(userId);
    const second = await kit.inbox(userId, '?page=2');
    const third = await kit.inbox(userId, '?page=3');

    expect(first).toMatchObject({ total: 22, page: 1, pages: 2, unread: 19 });
    expect(first.notifications.map((n) => n.id)).toEqual([...newest.slice(3), newest[0]]);
    expect(first.notifications.map((n) => n.read)).toEqual([...Array<boolean>(19).fill(false), true]);
    expect(second).toMatchObject({ total: 22, page: 2, pages: 2 });
    expect(second.notifications.map((n) => n.id)).toEqual(newest.slice(1, 3));
    expect(third.notifications).toEqual([]);
  });

  it('GET /api/notifications, new=true (or 1), lists only unread ones and counts only them', async () => {
    const userId = randomUUID();
    const [a, b, c] = await several(userId, 3);
    await kit.markRead(userId, { ids: [b!] });
    for (const query of ['?new=true', '?new=1']) {
      const list = await kit.inbox(userId, query);
      expect(list.notifications.map((n) => n.id)).toEqual([c, a]);
      expect(list).toMatchObject({ total: 2, pages: 1, unread: 2 });
    }
    expect((await kit.inbox(userId, '?new=false')).total).toBe(3);
    expect((await kit.inbox(userId, '?new=0')).total).toBe(3);
  });

  it('GET /api/notifications, ended, scheduled and switched-off ones, shows ended ones only with active=false and never the others', async () => {
    const userId = randomUUID();
    const live = await kit.add(to(userId));
    const ended = await kit.add({ ...to(userId), publish_from: daysFromNow(-3), publish_until: daysFromNow(-1) });
    await kit.add({ ...to(userId), publish_from: daysFromNow(1) });
    await kit.add({ ...to(userId), active: false });

    const running = await kit.inbox(userId);
    const withPast = await kit.inbox(userId, '?active=false');
    const withPastByZero = await kit.inbox(userId, '?active=0');

    expect(running.notifications.map((n) => n.id)).toEqual([live.id]);
    expect(withPast.notifications.map((n) => n.id)).toEqual([live.id, ended.id]);
    expect(withPastByZero.total).toBe(2);
    // The badge counts running ones only, whatever the list shows.
    expect(withPast.unread).toBe(1);
  });

  it("GET /api/notifications, another user's notification, is not listed", async () => {
    const userId = randomUUID();
    const other = await kit.add(to(randomUUID()));
    const list = await kit.inbox(userId, '?active=false');
    expect(list.notifications.map((n) => n.id)).not.toContain(other.id);
    expect(list.total).toBe(0);
  });

  it.each([['?page=0'], ['?page=-1'], ['?page=abc'], ['?page=10001'], ['?active=yes'], ['?new=2']])(
    'GET /api/notifications, bad query %s, answers 400',
    async (query) => {
      const res = await svc.app.inject({
        method: 'GET',
        url: `/api/notifications${query}`,
        headers: kit.auth(randomUUID()),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    },
  );
});

describe('POST /api/notifications', () => {
  it('POST /api/notifications, page and new in the body, answers like the query', async () => {
    const userId = randomUUID();
    const ids = await several(userId, 21);
    await kit.markRead(userId, { ids: [ids[0]!] });
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: kit.auth(userId),
      payload: { page: 2, new: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<NotificationList>()).toMatchObject({ total: 20, page: 2, pages: 1, notifications: [] });
    const flags = await svc.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: kit.auth(userId),
      payload: { new: 'false', active: 'true' },
    });
    expect(flags.json<NotificationList>().total).toBe(21);
  });

  it('POST /api/notifications, no body at all, answers the default query', async () => {
    const userId = randomUUID();
    await several(userId, 1);
    const res = await svc.app.inject({ method: 'POST', url: '/api/notifications', headers: kit.auth(userId) });
    expect(res.statusCode).toBe(200);
    expect(res.json<NotificationList>()).toMatchObject({ total: 1, unread: 1 });
  });

  it('POST /api/notifications, bad body (page as text, unknown flag value, no token), answers 400 / 401', async () => {
    const userId = randomUUID();
    expect(
      (
        await svc.app.inject({
          method: 'POST',
          url: '/api/notifications',
          headers: kit.auth(userId),
          payload: { page: 'two' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await svc.app.inject({
          method: 'POST',
          url: '/api/notifications',
          headers: kit.auth(userId),
          payload: { new: 'yes' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await svc.app.inject({ method: 'POST', url: '/api/notifications', payload: {} })).statusCode).toBe(401);
  });
});

describe('GET /api/notification/{id}', () => {
  it("GET /api/notification/{id}, the caller's own, answers it with its read state", async () => {
    const userId = randomUUID();
    const added = await kit.add({ ...to(userId), title: '点検のお知らせ' });
    const before = await svc.app.inject({
      method: 'GET',
      url: `/api/notification/${added.id}`,
      headers: kit.auth(userId),
    });
    await kit.markRead(userId, { ids: [added.id] });
    const after = await svc.app.inject({
      method: 'GET',
      url: `/api/notification/${added.id}`,
      headers: kit.auth(userId),
    });
    expect(before.json<NotificationReply>()).toMatchObject({
      ok: true,
      notification: { id: added.id, title: '点検のお知らせ', kind: 'admin', read: false },
    });
    expect(after.json<NotificationReply>().notification.read).toBe(true);
  });

  it("GET /api/notification/{id}, another user's, a scheduled, a switched-off or an unknown one, answers 404", async () => {
    const userId = randomUUID();
    const others = await kit.add(to(randomUUID()));
    const scheduled = await kit.add({ ...to(userId), publish_from: daysFromNow(2) });
    const off = await kit.add({ ...to(userId), active: false });
    for (const id of [others.id, scheduled.id, off.id, randomUUID()]) {
      const res = await svc.app.inject({ method: 'GET', url: `/api/notification/${id}`, headers: kit.auth(userId) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND', message: 'お知らせが見つかりません。' });
    }
  });

  it('GET /api/notification/{id}, an id outside the id alphabet, too long, or no token, answers 400 / 414 / 401', async () => {
    expect(
      (await svc.app.inject({ method: 'GET', url: '/api/notification/%24where', headers: kit.auth(randomUUID()) }))
        .statusCode,
    ).toBe(400);
    // Fastify refuses a path parameter longer than 100 characters before any schema runs.
    expect(
      (
        await svc.app.inject({
          method: 'GET',
          url: `/api/notification/${'a'.repeat(101)}`,
          headers: kit.auth(randomUUID()),
        })
      ).statusCode,
    ).toBe(414);
    expect((await svc.app.inject({ method: 'GET', url: `/api/notification/${randomUUID()}` })).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/read', () => {
  it('POST /api/notifications/read, the same id twice, keeps one read mark and answers the new badge count', async () => {
    const userId = randomUUID();
    const [a] = await several(userId, 2);
    expect((await kit.markRead(userId, { ids: [a!, a!] })).json()).toEqual({ ok: true, unread: 1 });
    expect((await kit.markRead(userId, { ids: [a!] })).json()).toEqual({ ok: true, unread: 1 });
    expect(await openReads(svc.platform.store).countDocuments({ user_id: userId })).toBe(1);
  });

  it('POST /api/notifications/read, all, marks every running one and leaves none unread', async () => {
    const userId = randomUUID();
    await several(userId, 3);
    expect((await kit.markRead(userId, { all: true })).json()).toEqual({ ok: true, unread: 0 });
    expect((await kit.inbox(userId)).notifications.every((n) => n.read)).toBe(true);
  });

  it("POST /api/notifications/read, another user's notification id, marks nothing for anyone", async () => {
    const userId = randomUUID();
    const victim = randomUUID();
    const theirs = await kit.add(to(victim));
    expect((await kit.markRead(userId, { ids: [theirs.id] })).json()).toEqual({ ok: true, unread: 0 });
    expect(await openReads(svc.platform.store).countDocuments({ notification_id: theirs.id })).toBe(0);
    expect((await kit.inbox(victim)).unread).toBe(1);
  });

  it.each([
    ['nothing named', {}],
    ['an empty id list', { ids: [] }],
    ['all false', { all: false }],
    ['an id with a dollar', { ids: ['$gt'] }],
    ['an operator as an id', { ids: [{ $gt: '' }] }],
    ['101 ids', { ids: Array.from({ length: 101 }, (_, i) => `n${i}`) }],
  ])('POST /api/notifications/read, %s, answers 400', async (_label, payload) => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: kit.auth(randomUUID()),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/notifications_available', () => {
  it('GET /api/notifications_available, one unread then all read, answers true then false', async () => {
    const userId = randomUUID();
    const fresh = await svc.app.inject({
      method: 'GET',
      url: '/api/notifications_available',
      headers: kit.auth(userId),
    });
    const added = await kit.add(to(userId));
    const one = await svc.app.inject({ method: 'GET', url: '/api/notifications_available', headers: kit.auth(userId) });
    await kit.markRead(userId, { ids: [added.id] });
    const none = await svc.app.inject({
      method: 'GET',
      url: '/api/notifications_available',
      headers: kit.auth(userId),
    });
    expect(fresh.json<NotificationsAvailable>()).toEqual({ ok: true, available: false, unread: 0 });
    expect(one.json<NotificationsAvailable>()).toEqual({ ok: true, available: true, unread: 1 });
    expect(none.json<NotificationsAvailable>()).toEqual({ ok: true, available: false, unread: 0 });
  });

  it('GET /api/notifications_available, no token, answers 401', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/notifications_available' })).statusCode).toBe(401);
  });
});
