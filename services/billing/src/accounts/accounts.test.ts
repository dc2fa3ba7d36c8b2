import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { billingService } from '../index.ts';
import { accountOf, requireLiveAccount } from './model.ts';

let svc: ServiceUnderTest;
beforeAll(async () => { svc = await startServiceForTest(billingService); });
afterAll(async () => { await svc?.close(); });
const registered = (userId: string, extra: Record<string, string> = {}) =>
  svc.platform.events.publish('user.registered', userId, { user_id: userId, email: `${userId}@example.jp`, registered_at: new Date().toISOString(), ...extra });

describe('billing accounts projection', () => {
  it('user.registered, with a date of birth, keeps the address and the date', async () => {
    const userId = randomUUID();
    await registered(userId, { date_of_birth: '2010-04-01' });
    await eventually(async () => (await accountOf(svc.platform.store, userId)) !== null);
    expect(await accountOf(svc.platform.store, userId)).toMatchObject({ email: `${userId}@example.jp`, date_of_birth: '2010-04-01', deleted_at: null });
  });

  it('user.registered, with a guardian consent time, keeps it', async () => {
    const userId = randomUUID();
    await registered(userId, { date_of_birth: '2012-04-01', guardian_consent_at: '2026-01-05T03:00:00.000Z' });
    await eventually(async () => (await accountOf(svc.platform.store, userId)) !== null);
    expect(await accountOf(svc.platform.store, userId)).toMatchObject({ date_of_birth: '2012-04-01', guardian_consent_at: '2026-01-05T03:00:00.000Z' });
  });

  it('user.email_changed, after registration, moves the address receipts go to', async () => {
    const userId = randomUUID();
    await registered(userId);
    await svc.platform.events.publish('user.email_changed', userId, { user_id: userId, old_email: `${userId}@example.jp`, new_email: 'new@example.jp', by: 'user' });
    await eventually(async () => (await accountOf(svc.platform.store, userId))?.email === 'new@example.jp');
  });

  it('user.deleted, delivered twice, keeps the record marked deleted and refuses it as a live account', async () => {
    const userId = randomUUID();
    await registered(userId);
    const deleted = await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'user' });
    await svc.platform.bus.publish(deleted);
    await eventually(async () => (await accountOf(svc.platform.store, userId))?.deleted_at != null);
    await expect(requireLiveAccount(svc.platform.store, userId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('requireLiveAccount, an id identity never announced, is NOT_FOUND', async () => {
    await expect(requireLiveAccount(svc.platform.store, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'ユーザーが見つかりません。' });
  });
});
