import { randomUUID } from 'node:crypto';
import type { Transaction } from '@talkwith/platform';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import type { ServiceUnderTest } from '@talkwith/platform/platform';
import { grantPoints, grantTickets } from './grants.ts';

/** Helpers of the ledger's API tests: callers, keys and grants made straight in the store. */
export function ledgerTestKit(svc: () => ServiceUnderTest) {
  const inTx = <R>(work: (tx: Transaction) => Promise<R>): Promise<R> => svc().platform.store.withTransaction(work);
  return {
    inTx,
    auth: (userId: string, roles?: string[]) => ({ authorization: `Bearer ${svc().tokenFor(userId, roles)}` }),
    money: (userId: string, key: string = randomUUID(), roles?: string[]) => ({
      authorization: `Bearer ${svc().tokenFor(userId, roles)}`,
      'idempotency-key': key,
    }),
    giveTickets: (userId: string, count: number, now?: Date, expires_at?: string) =>
      inTx((tx) =>
        grantTickets(tx, svc().platform.events, {
          user_id: userId,
          count,
          source: 'purchase',
          ref: `test-${randomUUID()}`,
          ...(now ? { now } : {}),
          ...(expires_at ? { expires_at } : {}),
        }),
      ),
    givePoints: (userId: string, points: number, now?: Date) =>
      inTx((tx) =>
        grantPoints(tx, svc().platform.events, {
          user_id: userId,
          points,
          code: 'SU0001',
          ref: `test-${randomUUID()}`,
          ...(now ? { now } : {}),
        }),
      ),
    eventsOf: async (key: string, type: string) =>
      (await svc().platform.store.collection<OutboxEntry>(OUTBOX).find({ key, type })).map((entry) => entry.envelope),
  };
}
