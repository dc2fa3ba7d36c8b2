import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { loggingService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => { svc = await startServiceForTest(loggingService); });
afterAll(async () => { await svc?.close(); });

const filter = (token: string, body: Record<string, unknown>) =>
  svc.app.inject({ method: 'POST', url: '/api/admin/logs/filter', headers: { authorization: `Bearer ${token}` }, payload: body });

describe('logging service', () => {
  it('logging, started alone, reports health', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/logging/healthz' })).json()).toEqual({ ok: true, service: 'logging' });
  });

  it('logging, client.logged and admin.acted events, are stored and filterable by user', async () => {
    const userId = randomUUID();
    await svc.platform.events.publish('client.logged', userId, { user_id: userId, type: 'error', extra: { os: 'iOS' } });
    await svc.platform.events.publish('admin.acted', userId, { admin_id: 'admin-1', action: 'user.deleted', target_user_id: userId });
    const admin = svc.tokenFor('admin-1', ['admin']);
    const result = await eventually(async () => {
      const body = (await filter(admin, { user_id: userId })).json() as { total: number; logs: unknown[] };
      return body.total === 1 ? body : undefined;
    });
    expect(result.logs[0]).toMatchObject({ kind: 'client', type: 'error', user_id: userId, data: { extra: { os: 'iOS' } } });
    const audit = await eventually(async () => (await filter(admin, { type: 'admin.acted', user_id: 'admin-1' })).json().logs[0]);
    expect(audit).toMatchObject({ kind: 'event', data: { target_user_id: userId } });
  });

  it('logging, user.logged_in with and without the 48-hour flag, is stored as a re-login or a log-in', async () => {
    const userId = randomUUID();
    const at = new Date().toISOString();
    await svc.platform.events.publish('user.logged_in', userId, { user_id: userId, relogin: false, method: 'password', at });
    await svc.platform.events.publish('user.logged_in', userId, { user_id: userId, relogin: true, method: 'password', at });
    const admin = svc.tokenFor('admin-1', ['admin']);
    const logs = await eventually(async () => {
      const body = (await filter(admin, { user_id: userId, type: 'user.logged_in' })).json() as { total: number; logs: Array<{ relogin: boolean; message: string }> };
      return body.total === 2 ? body.logs : undefined;
    });
    expect(logs.map((l) => l.relogin).sort()).toEqual([false, true]);
    expect(logs.find((l) => l.relogin)?.message).toContain('再ログイン');
  });

  it('logging, filter by a customer, answers 403', async () => {
    expect((await filter(svc.tokenFor('u1'), {})).statusCode).toBe(403);
  });

  it('logging, filter with an unknown field, answers 400 naming it', async () => {
    const res = await filter(svc.tokenFor('admin-1', ['admin']), { limit: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'limit' });
  });
});
