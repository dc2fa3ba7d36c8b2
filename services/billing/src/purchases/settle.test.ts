import { describe, expect, it } from 'vitest';
import type { OrderState } from '../provider/port.ts';
import type { PurchaseDoc } from './records.ts';
import { CHALLENGE_ABANDON_MS, CREATED_GRACE_MS, outcomeOfSearch } from './settle.ts';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

function purchase(status: PurchaseDoc['status'], createdAt: string, challengeUrl?: string): PurchaseDoc {
  return {
    _id: 'p1',
    user_id: 'u1',
    product_id: 'tickets-1',
    kind: 'tickets',
    name: 't',
    amount: 150,
    refunded: 0,
    order_id: 'o1',
    idempotency_key: 'k',
    request_fingerprint: 'f',
    status,
    source: 'card',
    attempts: 1,
    created_at: createdAt,
    updated_at: createdAt,
    ...(challengeUrl ? { challenge_url: challengeUrl } : {}),
  };
}
const state = (status: OrderState['status']): OrderState => ({
  orderId: 'o1',
  status,
  amount: 150,
  capturedAmount: status === 'success' ? 150 : 0,
  refundedAmount: 0,
});

describe('outcomeOfSearch', () => {
  it('outcomeOfSearch, a captured order, settles captured', () => {
    expect(outcomeOfSearch(state('success'), purchase('unknown', ago(1000)), NOW).status).toBe('captured');
  });

  it('outcomeOfSearch, a refused or refunded order, settles failed so nothing is granted', () => {
    expect(outcomeOfSearch(state('failure'), purchase('pending', ago(1000)), NOW).status).toBe('failed');
    expect(outcomeOfSearch(state('canceled'), purchase('unknown', ago(1000)), NOW).status).toBe('failed');
  });

  it('outcomeOfSearch, not found while the call may still be on its way, stays unsettled', () => {
    expect(outcomeOfSearch(state('not_found'), purchase('created', ago(CREATED_GRACE_MS - 1)), NOW).status).toBe(
      'created',
    );
    expect(outcomeOfSearch(state('not_found'), purchase('unknown', ago(1000)), NOW).status).toBe('unknown');
  });

  it('outcomeOfSearch, not found a minute after creation, fails: the call never reached the provider', () => {
    expect(outcomeOfSearch(state('not_found'), purchase('created', ago(CREATED_GRACE_MS)), NOW).status).toBe('failed');
  });

  it('outcomeOfSearch, a challenge still open, keeps its page; abandoned for half an hour, fails', () => {
    expect(
      outcomeOfSearch(state('challenge'), purchase('challenge', ago(1000), 'http://x/challenge'), NOW),
    ).toMatchObject({ status: 'challenge', challengeUrl: 'http://x/challenge' });
    expect(outcomeOfSearch(state('challenge'), purchase('challenge', ago(CHALLENGE_ABANDON_MS)), NOW).status).toBe(
      'failed',
    );
  });

  it('outcomeOfSearch, still pending at the provider, stays pending', () => {
    expect(outcomeOfSearch(state('pending'), purchase('pending', ago(1000)), NOW).status).toBe('pending');
  });
});
