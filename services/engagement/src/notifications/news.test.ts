import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import type { NewsList } from '@talkwith/proto/engagement';
import { engagementService } from '../index.ts';
import { daysFromNow, notificationKit } from './test-support.ts';

// Notifications to everyone reach every user of this service: tests look for their own ids, never at totals.
let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = notificationKit(() => svc);
const news = async (query = '') => {
  const res = await svc.app.inject({ method: 'GET', url: `/api/news${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NewsList>();
};

describe('notifications to everyone', () => {
  it("a notification to everyone, read by one user, shows in every user's list and stays unread for the others", async () => {
    const [reader, other] = [randomUUID(), randomUUID()];
    const added = await kit.add({ target: 'all' });
    await kit.markRead(reader, { ids: [added.id] });
    const forReader = (await kit.inbox(reader)).notifications.find((n) => n.id === added.id);
    const forOther = (await kit.inbox(other)).notifications.find((n) => n.id === added.id);
    expect(forReader).toMatchObject({ read: true });
    expect(forOther).toMatchObject({ read: false });
  });

  it("a user's inbox, one notification to everyone and one to them, lists the unread one to them before the read one to everyone", async () => {
    const userId = randomUUID();
    const toAll = await kit.add({ target: 'all' });
    const own = await kit.add({ target: { user_id: userId }, publish_from: daysFromNow(-1) });
    await kit.markRead(userId, { ids: [toAll.id] });
    const ids = (await kit.inbox(userId)).notifications.map((n) => n.id);
    expect(ids.indexOf(own.id)).toBeLessThan(ids.indexOf(toAll.id));
  });
});

describe('GET /api/news', () => {
  it('GET /api/news, logged out, lists running news to everyone newest first and nothing else', async () => {
    const older = await kit.add({ target: 'all', is_news: true, publish_from: daysFromNow(-2) });
    const newer = await kit.add({ target: 'all', is_news: true, publish_from: daysFromNow(-1) });
    const plain = await kit.add({ target: 'all' });
    const off = await kit.add({ target: 'all', is_news: true, active: false });
    const scheduled = await kit.add({ target: 'all', is_news: true, publish_from: daysFromNow(1) });
    const ended = await kit.add({
      target: 'all',
      is_news: true,
      publish_from: daysFromNow(-3),
      publish_until: daysFromNow(-2),
    });
    const toOne = await kit.add({ target: { user_id: randomUUID() } });

    const list = await news();
    const ids = list.news.map((n) => n.id);

    expect(ids).toContain(older.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    for (const hidden of [plain, off, scheduled, ended, toOne]) expect(ids).not.toContain(hidden.id);
    expect(list.news.find((n) => n.id === newer.id)).toEqual({
      id: newer.id,
      title: newer.title,
      body: newer.body,
      published_at: newer.publish_from,
    });
  });

  it('GET /api/news, news switched off by an admin, drops it at once', async () => {
    const added = await kit.add({ target: 'all', is_news: true });
    await svc.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/active/${added.id}`,
      headers: kit.asAdmin(),
      payload: { active: false },
    });
    expect((await news()).news.map((n) => n.id)).not.toContain(added.id);
  });

  it('GET /api/news, 21 news, pages 20 then the rest', async () => {
    for (let i = 0; i < 21; i += 1) await kit.add({ target: 'all', is_news: true });
    const first = await news();
    const last = await news(`?page=${first.pages}`);
    expect(first.news).toHaveLength(20);
    expect(first.pages).toBe(Math.ceil(first.total / 20));
    expect(last.news.length).toBe(first.total - 20 * (first.pages - 1));
  });

  it.each([['?page=0'], ['?page=x'], ['?page=1.5']])('GET /api/news, bad query %s, answers 400', async (query) => {
    const res = await svc.app.inject({ method: 'GET', url: `/api/news${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('GET /api/news, an extra audience filter in the query, cannot widen what is listed', async () => {
    const toOne = await kit.add({ target: { user_id: randomUUID() }, is_news: false });
    const res = await svc.app.inject({ method: 'GET', url: `/api/news?audience=${toOne.id}&is_news=false` });
    // Unknown query keys are dropped by the schema before the handler sees them.
    expect(res.statusCode).toBe(200);
    expect(res.json<NewsList>().news.map((n) => n.id)).not.toContain(toOne.id);
  });
});
