import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import type { EventOf } from '@talkwith/proto';
import { engagementService } from '../index.ts';
import { confirmedAddressOf, onAccountEvent } from './accounts.ts';

let svc: ServiceUnderTest;
beforeAll(async () => { svc = await startServiceForTest(engagementService); });
afterAll(async () => { await svc?.close(); });

const envelope = <T extends 'user.registered' | 'user.email_changed'>(type: T, occurredAt: string, data: EventOf<T>['data']) =>
  ({ id: randomUUID(), type, version: 1, occurredAt, key: String(data.user_id), data }) as EventOf<T>;
const apply = (event: EventOf<'user.registered' | 'user.email_changed'>) => svc.platform.store.withTransaction((tx) => onAccountEvent(tx, event));

describe('account addresses', () => {
  it('onAccountEvent, a change that arrives before the registration, keeps the newer address', async () => {
    const userId = randomUUID();
    await apply(envelope('user.email_changed', '2026-11-27T10:00:00.000Z', { user_id: userId, old_email: 'old@example.jp', new_email: 'new@example.jp', by: 'user' }));
    await apply(envelope('user.registered', '2026-11-01T10:00:00.000Z', { user_id: userId, email: 'old@example.jp', registered_at: '2026-11-01T10:00:00.000Z' }));
    expect(await confirmedAddressOf(svc.platform.store, userId)).toBe('new@example.jp');
  });

  it('confirmedAddressOf, an account this service never heard of, is null', async () => {
    expect(await confirmedAddressOf(svc.platform.store, randomUUID())).toBeNull();
  });
});
