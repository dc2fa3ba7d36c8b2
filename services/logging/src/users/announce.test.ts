import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventOf } from '@talkwith/proto';
import { startLogging, uniqueId, type LoggingUnderTest } from '../test-kit.ts';
import { onUserEvent, openLogUsers, type UserEvent } from './model.ts';

let svc: LoggingUnderTest;
beforeAll(async () => {
  svc = await startLogging();
});
afterAll(async () => {
  await svc?.close();
});

const envelope = <T extends UserEvent['type']>(type: T, occurredAt: string, data: EventOf<T>['data']) =>
  ({ id: uniqueId('e'), type, version: 1, occurredAt, key: String(data.user_id), data }) as EventOf<T>;
const apply = (event: UserEvent) => svc.platform.store.withTransaction((tx) => onUserEvent(tx, event));
const kept = (userId: string) => openLogUsers(svc.platform.store).findOne({ _id: userId });

describe("log users rebuilt from identity's announcements", () => {
  it('user.announced on the bus, an account logging never heard of, is kept with its address', async () => {
    const userId = uniqueId('u');

    await svc.platform.events.publish('user.announced', userId, {
      user_id: userId,
      email: `${userId}@example.jp`,
      registered_at: '2026-11-01T10:00:00.000Z',
    });

    const user = await eventually(async () => (await kept(userId)) ?? undefined);
    expect(user).toMatchObject({
      email: `${userId}@example.jp`,
      registered_at: '2026-11-01T10:00:00.000Z',
      last_login_at: null,
      deleted_at: null,
    });
  });

  it('onUserEvent, an announcement older than the address change kept, keeps the newer address', async () => {
    const userId = uniqueId('u');
    await apply(
      envelope('user.registered', '2026-11-01T10:00:00.000Z', {
        user_id: userId,
        email: 'first@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
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

    await apply(
      envelope('user.announced', '2026-11-20T10:00:00.000Z', {
        user_id: userId,
        email: 'first@example.jp',
        registered_at: '2026-11-01T10:00:00.000Z',
      }),
    );

    expect((await kept(userId))?.email).toBe('new@example.jp');
  });

  it("onUserEvent, an announcement written before a change but stamped later by a replica's fast clock, keeps the changed address", async () => {
    const userId = uniqueId('u');
    // Identity's write numbers for the account: registration 1, announcement 2, change 3; the announcing replica's clock runs ahead.
    const registered = envelope('user.registered', '2026-11-01T10:00:00.000Z', {
      user_id: userId,
      email: 'first@example.jp',
      registered_at: '2026-11-01T10:00:00.000Z',
    });
    const change = envelope('user.email_changed', '2026-11-27T10:00:01.000Z', {
      user_id: userId,
      old_email: 'first@example.jp',
      new_email: 'new@example.jp',
      by: 'user',
    });
    const announcement = envelope('user.announced', '2026-11-27T10:00:10.000Z', {
      user_id: userId,
      email: 'first@example.jp',
      registered_at: '2026-11-01T10:00:00.000Z',
    });
    await apply({ ...registered, keySeq: 1 });
    await apply({ ...change, keySeq: 3 });

    await apply({ ...announcement, keySeq: 2 });

    expect((await kept(userId))?.email).toBe('new@example.jp');
  });

  it('onUserEvent, an announcement after the account was deleted, leaves it deleted without an address', async () => {
    const userId = uniqueId('u');
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

    expect(await kept(userId)).toMatchObject({ email: '', deleted_at: '2026-11-02T10:00:00.000Z' });
  });

  it('on start, logging asks identity to announce its accounts', async () => {
    const requests = await eventually(async () => {
      const seen: Array<EventOf<'facts.requested'>> = [];
      const sub = await svc.platform.events.consume(`requests-${uniqueId('g')}`, ['facts.requested'], async (e) => {
        seen.push(e);
      });
      await new Promise((r) => setTimeout(r, 300));
      await sub.close();
      return seen.length > 0 ? seen : undefined;
    });
    expect(requests.map((e) => e.data)).toContainEqual({ owner: 'identity', by: 'logging' });
  });
});
