import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { engagementService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => { svc = await startServiceForTest(engagementService); });
afterAll(async () => { await svc?.close(); });

describe('engagement service', () => {
  it('engagement, started alone, reports health', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/engagement/healthz' })).json()).toEqual({ ok: true, service: 'engagement' });
  });

  it('engagement, user.registered delivered twice, greets the user once', async () => {
    const userId = randomUUID();
    const event = await svc.platform.events.publish('user.registered', userId, { user_id: userId, email: 'b@example.jp', registered_at: new Date().toISOString() });
    await svc.platform.bus.publish(event);
    const auth = { authorization: `Bearer ${svc.tokenFor(userId)}` };
    const list = await eventually(async () => {
      const res = await svc.app.inject({ method: 'GET', url: '/api/notifications', headers: auth });
      return res.json().notifications?.length > 0 && res.json().notifications;
    });
    await new Promise((r) => setTimeout(r, 100));
    const again = await svc.app.inject({ method: 'GET', url: '/api/notifications', headers: auth });
    expect(list[0]).toMatchObject({ id: `welcome:${userId}`, kind: 'welcome', read: false });
    expect(again.json().notifications).toHaveLength(1);
  });

  it('engagement, user.deleted after user.registered, erases the user\'s notifications', async () => {
    const userId = randomUUID();
    await svc.platform.events.publish('user.registered', userId, { user_id: userId, email: 'gone@example.jp', registered_at: new Date().toISOString() });
    await eventually(async () => (await svc.platform.store.collection('notifications').countDocuments({ user_id: userId })) === 1);
    await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'admin' });
    await eventually(async () => (await svc.platform.store.collection('notifications').countDocuments({ user_id: userId })) === 0);
    expect(await svc.platform.store.collection('notifications').countDocuments({ user_id: userId })).toBe(0);
  });
});
