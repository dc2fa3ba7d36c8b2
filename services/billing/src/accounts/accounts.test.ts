import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { billingService } from '../index.ts';
import type { EventOf } from '@talkwith/proto';
import { onAccountEvent, type AccountEvent } from './consumers.ts';
import { accountOf, requireLiveAccount } from './model.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(billingService);
});
afterAll(async () => {
  await svc?.close();
});
const registered = (userId: string, extra: Record<string, string> = {}) =>
  svc.platform.events.publish('user.registered', userId, {
    user_id: userId,
    email: `${userId}@example.jp`,
    registered_at: new Date().toISOString(),
    ...extra,
  });

const envelope = <T extends AccountEvent['type']>(type: T, occurredAt: string, data: EventOf<T>['data']) =>
  ({ id: randomUUID(), type, version: 1, occurredAt, key: String(data.user_id), data }) as EventOf<T>;
const apply = (event: AccountEvent) =>
  svc.platform.store.withTransaction((tx) => onAccountEvent(tx, svc.platform.events, event));

describe("billing accounts rebuilt from identity's announcements", () => {
  it('user.announced, an account billing never heard of, is kept as a live account', async () => {
    const userId = randomUUID();

    await svc.platform.events.publish('user.announced', userId, {
      user_id: userId,
      email: `${userId}@example.jp`,
      registered_at: '2026-11-01T10:00:00.000Z',
      date_of_birth: '2011-02-03',
      language: 'en-US',
    });

    await eventually(async () => (await accountOf(svc.platform.store, userId)) !== null);
    expect(await requireLiveAccount(svc.platform.store, userId)).toMatchObject({
      email: `${userId}@example.jp`,
      date_of_birth: '2011-02-03',
      language: 'en-US',
    });
  });

  it('onAccountEvent, an announcement older than the address and language changes kept, keeps the newer ones', async () => {
    const userId = randomUUID();
    await apply(
      envelope('user.registered', '2026-11-01T10:00:00.000Z', {
        user_id: userId,
        email: 'first@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
        language: 'ja-JP',
      }),
    );
    await apply(
      envelope('user.email_changed', '2026-11-27T10:00:00.000Z', {
        user_id: userId,
        old_email: 'first@example.jp',
        new_email: 'new@example.jp',
        by: 'user',
      }),
    );
    await apply(envelope('user.language_changed', '2026-11-27T10:00:01.000Z', { user_id: userId, language: 'zh-TW' }));

    await apply(
      envelope('user.announced', '2026-11-20T10:00:00.000Z', {
        user_id: userId,
        email: 'first@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
        language: 'ja-JP',
      }),
    );

    expect(await accountOf(svc.platform.store, userId)).toMatchObject({
      email: 'new@example.jp',
      language: 'zh-TW',
      deleted_at: null,
    });
  });

  it("onAccountEvent, an announcement written before a change but stamped later by a replica's fast clock, keeps the changed address and language", async () => {
    const userId = randomUUID();
    // Identity's write numbers for the account: registration 1, announcement 2, changes 3 and 4; the announcing replica's clock runs ahead.
    const registered = envelope('user.registered', '2026-11-01T10:00:00.000Z', {
      user_id: userId,
      email: 'first@example.jp',
      registered_at: '2026-11-01T10:00:00.000Z',
      language: 'ja-JP',
    });
    const change = envelope('user.email_changed', '2026-11-27T10:00:01.000Z', {
      user_id: userId,
      old_email: 'first@example.jp',
      new_email: 'new@example.jp',
      by: 'user',
    });
    const language = envelope('user.language_changed', '2026-11-27T10:00:02.000Z', {
      user_id: userId,
      language: 'zh-TW',
    });
    const announcement = envelope('user.announced', '2026-11-27T10:00:10.000Z', {
      user_id: userId,
      email: 'first@example.jp',
      registered_at: '2026-11-01T10:00:00.000Z',
      language: 'ja-JP',
    });
    await apply({ ...registered, keySeq: 1 });
    await apply({ ...change, keySeq: 3 });
    await apply({ ...language, keySeq: 4 });

    await apply({ ...announcement, keySeq: 2 });

    expect(await accountOf(svc.platform.store, userId)).toMatchObject({ email: 'new@example.jp', language: 'zh-TW' });
  });

  it('onAccountEvent, an announcement after the account was deleted, leaves it deleted', async () => {
    const userId = randomUUID();
    await apply(
      envelope('user.registered', '2026-11-01T10:00:00.000Z', {
        user_id: userId,
        email: 'gone@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );
    await apply(envelope('user.deleted', '2026-11-02T10:00:00.000Z', { user_id: userId, by: 'user' }));

    await apply(
      envelope('user.announced', '2026-11-03T10:00:00.000Z', {
        user_id: userId,
        email: 'gone@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );

    expect((await accountOf(svc.platform.store, userId))?.deleted_at).toBe('2026-11-02T10:00:00.000Z');
  });
});

describe('billing accounts projection', () => {
  it('user.registered, with a date of birth, keeps the address and the date', async () => {
    const userId = randomUUID();
    await registered(userId, { date_of_birth: '2010-04-01' });
    await eventually(async () => (await accountOf(svc.platform.store, userId)) !== null);
    expect(await accountOf(svc.platform.store, userId)).toMatchObject({
      email: `${userId}@example.jp`,
      date_of_birth: '2010-04-01',
      deleted_at: null,
    });
  });

  it('user.registered, with a guardian consent time, keeps it', async () => {
    const userId = randomUUID();
    await registered(userId, { date_of_birth: '2012-04-01', guardian_consent_at: '2026-01-05T03:00:00.000Z' });
    await eventually(async () => (await accountOf(svc.platform.store, userId)) !== null);
    expect(await accountOf(svc.platform.store, userId)).toMatchObject({
      date_of_birth: '2012-04-01',
      guardian_consent_at: '2026-01-05T03:00:00.000Z',
    });
  });

  it('user.email_changed, after registration, moves the address receipts go to', async () => {
    const userId = randomUUID();
    await registered(userId);
    await svc.platform.events.publish('user.email_changed', userId, {
      user_id: userId,
      old_email: `${userId}@example.jp`,
      new_email: 'new@example.jp',
      by: 'user',
    });
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
    await expect(requireLiveAccount(svc.platform.store, randomUUID())).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'ユーザーが見つかりません。',
    });
  });
});
