import { describe, expect, it } from 'vitest';
import { AppError } from '@talkwith/platform';
import {
  effectiveStatus,
  isUsable,
  requireTransition,
  transition,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from './state.ts';

const STATUSES: SubscriptionStatus[] = ['inactive', 'active', 'canceled'];
const EVENTS: SubscriptionEvent[] = ['subscribe', 'cancel', 'finish', 'renew', 'resubscribe', 'change'];

/** The table README § Subscriptions draws; every pair not here is refused. */
const EXPECTED: Record<string, { next: SubscriptionStatus; charges: boolean }> = {
  'inactive subscribe': { next: 'active', charges: true },
  'inactive resubscribe': { next: 'active', charges: true },
  'active cancel': { next: 'canceled', charges: false },
  'active renew': { next: 'active', charges: true },
  'active change': { next: 'active', charges: false },
  'active finish': { next: 'inactive', charges: false },
  'canceled resubscribe': { next: 'active', charges: false },
  'canceled finish': { next: 'inactive', charges: false },
};

describe('subscription state machine', () => {
  for (const status of STATUSES) {
    for (const event of EVENTS) {
      const expected = EXPECTED[`${status} ${event}`];
      it(`transition, ${status} + ${event}, ${expected ? `leads to ${expected.next}${expected.charges ? ' with a charge' : ''}` : 'is refused with 409 SUBSCRIPTION_STATE'}`, () => {
        const result = transition(status, event);
        if (expected) {
          expect(result).toEqual(expected);
        } else {
          expect(result).toBeInstanceOf(AppError);
          const refusal = result as AppError;
          expect(refusal).toMatchObject({ code: 'SUBSCRIPTION_STATE', status: 409, body: { status, event } });
          expect(refusal.message).toMatch(/[ぁ-んァ-ン一-龠]/);
        }
      });
    }
  }

  it('requireTransition, a refused pair, throws the refusal', () => {
    expect(() => requireTransition('inactive', 'cancel')).toThrow(
      expect.objectContaining({ code: 'SUBSCRIPTION_STATE' }),
    );
    expect(requireTransition('canceled', 'resubscribe')).toEqual({ next: 'active', charges: false });
  });

  it('effectiveStatus, cancelled before and after its period end, is canceled then inactive', () => {
    const record = { status: 'canceled' as const, period_end: '2030-05-01T00:00:00.000Z' };
    expect(effectiveStatus(record, new Date('2030-04-30T23:59:59Z'))).toBe('canceled');
    expect(isUsable(record, new Date('2030-04-30T23:59:59Z'))).toBe(true);
    expect(effectiveStatus(record, new Date('2030-05-01T00:00:00Z'))).toBe('inactive');
    expect(isUsable(record, new Date('2030-05-01T00:00:01Z'))).toBe(false);
  });

  it('effectiveStatus, active past its period end (renewal due or retrying), stays active', () => {
    expect(
      effectiveStatus({ status: 'active', period_end: '2020-01-01T00:00:00Z' }, new Date('2030-01-01T00:00:00Z')),
    ).toBe('active');
  });
});
