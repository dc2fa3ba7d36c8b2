import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import type { EventOf } from '@talkwith/proto';
import { engagementService } from '../index.ts';
import { confirmedAddressOf, onAccountEvent } from './accounts.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});

type Kind = 'user.registered' | 'user.announced' | 'user.email_changed' | 'user.deleted';
const envelope = <T extends Kind>(type: T, occurredAt: string, data: EventOf<T>['data']) =>
  ({ id: randomUUID(), type, version: 1, occurredAt, key: String(data.user_id), data }) as EventOf<T>;
const apply = (event: EventOf<Kind>) => svc.platform.store.withTransaction((tx) => onAccountEvent(tx, event));

describe('account addresses', () => {
  it("onAccountEvent, an announcement written before a change but stamped later by a replica's fast clock, keeps the changed address", async () => {
    const userId = randomUUID();
    // Identity's write numbers for the account say the announcement (5) came before the change (6); their clocks disagree.
    const change = envelope('user.email_changed', '2026-11-27T10:00:01.000Z', {
      user_id: userId,
      old_email: 'old@example.jp',
      new_email: 'new@example.jp',
      by: 'user',
    });
    const announcement = envelope('user.announced', '2026-11-27T10:00:10.000Z', {
      user_id: userId,
      email: 'old@example.jp',
      registered_at: '2026-11-01T10:00:00.000Z',
    });

    await apply({ ...change, keySeq: 6 });
    await apply({ ...announcement, keySeq: 5 });

    expect(await confirmedAddressOf(svc.platform.store, userId)).toBe('new@example.jp');
  });

  it('onAccountEvent, a change that arrives before the registration, keeps the newer address', async () => {
    const userId = randomUUID();
    await apply(
      envelope('user.email_changed', '2026-11-27T10:00:00.000Z', {
        user_id: userId,
        old_email: 'old@example.jp',
        new_email: 'new@example.jp',
        by: 'user',
      }),
    );
    await apply(
      envelope('user.registered', '2026-11-01T10:00:00.000Z', {
        user_id: userId,
        email: 'old@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );
    expect(await confirmedAddressOf(svc.platform.store, userId)).toBe('new@example.jp');
  });

  it('onAccountEvent, an announcement (identity re-announcing on request) of an account never heard of, keeps its address', async () => {
    const userId = randomUUID();
    await apply(
      envelope('user.announced', '2026-11-27T10:00:00.000Z', {
        user_id: userId,
        email: 'announced@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );
    expect(await confirmedAddressOf(svc.platform.store, userId)).toBe('announced@example.jp');
  });

  it('onAccountEvent, a change older than an announcement arriving after it, keeps the announced address', async () => {
    const userId = randomUUID();
    await apply(
      envelope('user.announced', '2026-11-27T10:00:00.000Z', {
        user_id: userId,
        email: 'now@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );
    await apply(
      envelope('user.email_changed', '2026-11-20T10:00:00.000Z', {
        user_id: userId,
        old_email: 'first@example.jp',
        new_email: 'between@example.jp',
        by: 'user',
      }),
    );
    expect(await confirmedAddressOf(svc.platform.store, userId)).toBe('now@example.jp');
  });

  it('onAccountEvent, an announcement read before the account was deleted and arriving after, leaves no address', async () => {
    const userId = randomUUID();
    await apply(
      envelope('user.registered', '2026-11-01T10:00:00.000Z', {
        user_id: userId,
        email: 'gone@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );
    await apply(envelope('user.deleted', '2026-11-27T10:00:00.000Z', { user_id: userId, by: 'user' }));

    await apply(
      envelope('user.announced', '2026-11-27T09:59:59.000Z', {
        user_id: userId,
        email: 'gone@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );

    expect(await confirmedAddressOf(svc.platform.store, userId)).toBeNull();
  });

  it('confirmedAddressOf, an account this service never heard of, is null', async () => {
    expect(await confirmedAddressOf(svc.platform.store, randomUUID())).toBeNull();
  });
});
