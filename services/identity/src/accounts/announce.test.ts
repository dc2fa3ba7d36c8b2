import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import { announceInPages } from '@talkwith/platform/eventing';
import type { DocumentStore } from '@talkwith/platform';
import { identityService } from '../index.ts';
import { identityFacts } from './announce.ts';
import { usersIn } from './users.ts';

let svc: ServiceUnderTest;
const seen: EventEnvelope[] = [];
let sub: { close(): Promise<void> };
beforeAll(async () => {
  svc = await startServiceForTest(identityService);
  sub = await svc.platform.events.consume(`accounts-watch-${randomUUID()}`, ['user.announced'], async (e) => {
    seen.push(e);
  });
});
afterAll(async () => {
  await sub?.close();
  await svc?.close();
});

describe('identity facts, requested by a service that keeps a projection of accounts', () => {
  it('facts.requested for identity, an account stored without an event, is announced as it is now without its password hash', async () => {
    const email = `announce-${randomUUID()}@example.com`;
    const user = await usersIn(svc.platform.store).insertOne({
      email,
      passwordHash: 'secret-hash',
      gender: 'other',
      date_of_birth: '1990-01-01',
      nickname: '',
      roles: ['customer'],
      emailConfirmedAt: new Date(),
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
      lastLoginAt: null,
      language: 'en-US',
    });

    await svc.platform.events.publish('facts.requested', 'identity', { owner: 'identity', by: 'billing' });

    const announced = await eventually(async () => seen.find((e) => e.key === user._id));
    expect(announced).toMatchObject({
      type: 'user.announced',
      data: {
        user_id: user._id,
        email,
        registered_at: '2026-01-02T03:04:05.000Z',
        date_of_birth: '1990-01-01',
        language: 'en-US',
      },
    });
    expect(JSON.stringify(announced)).not.toContain('secret-hash');
  });

  it('announcing in pages of 2, five accounts, goes out in three transactions and announces every account once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const user = await usersIn(svc.platform.store).insertOne({
        email: `paged-${i}-${randomUUID()}@example.com`,
        passwordHash: 'x',
        gender: 'other',
        date_of_birth: '1990-01-01',
        nickname: '',
        roles: ['customer'],
        emailConfirmedAt: new Date(),
        createdAt: new Date(),
        lastLoginAt: null,
      });
      ids.push(user._id);
    }
    const total = await usersIn(svc.platform.store).countDocuments({});
    let transactions = 0;
    const store = svc.platform.store;
    const counting: DocumentStore = {
      collection: (name) => store.collection(name),
      ping: () => store.ping(),
      close: () => store.close(),
      withTransaction: (work) => {
        transactions += 1;
        return store.withTransaction(work);
      },
    };

    const counts = await announceInPages(counting, svc.platform.events, { ...identityFacts, pageSize: 2 });

    expect(counts).toEqual({ accounts: total });
    expect(transactions).toBe(Math.floor(total / 2) + 1);
    const announced = await eventually(async () => {
      const mine = seen.filter((e) => ids.includes(e.key));
      return mine.length >= 5 ? mine : undefined;
    });
    expect(new Set(announced.map((e) => e.key)).size).toBe(5);
  });
});
