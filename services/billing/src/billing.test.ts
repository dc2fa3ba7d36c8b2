import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { billingService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => { svc = await startServiceForTest(billingService); });
afterAll(async () => { await svc?.close(); });

describe('billing service', () => {
  it('billing, started alone, reports health', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/billing/healthz' })).json()).toEqual({ ok: true, service: 'billing' });
    expect((await svc.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('billing, user.registered delivered twice, opens exactly one empty wallet', async () => {
    const userId = randomUUID();
    const event = await svc.platform.events.publish('user.registered', userId, { user_id: userId, email: 'a@example.jp', registered_at: new Date().toISOString() });
    await svc.platform.bus.publish(event);
    const auth = { authorization: `Bearer ${svc.tokenFor(userId)}` };
    const wallet = await eventually(async () => {
      const res = await svc.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: auth });
      return res.statusCode === 200 && res.json();
    });
    expect(wallet).toEqual({ ok: true, points: 0, talk_tickets: 0 });
    expect(await svc.platform.store.collection('wallets').countDocuments({ _id: userId })).toBe(1);
  });

  it('billing, wallet without a token, answers 401', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/billing/wallet' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });

  it('billing, user.deleted after user.registered, erases the wallet and a later visit opens an empty one', async () => {
    const userId = randomUUID();
    await svc.platform.events.publish('user.registered', userId, { user_id: userId, email: 'gone@example.jp', registered_at: new Date().toISOString() });
    await eventually(async () => (await svc.platform.store.collection('wallets').countDocuments({ _id: userId })) === 1);
    await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'user' });
    await eventually(async () => (await svc.platform.store.collection('wallets').countDocuments({ _id: userId })) === 0);
    const res = await svc.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: { authorization: `Bearer ${svc.tokenFor(userId)}` } });
    expect(res.json()).toEqual({ ok: true, points: 0, talk_tickets: 0 });
  });
});
