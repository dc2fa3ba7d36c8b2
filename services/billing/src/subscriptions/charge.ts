import {
  ProviderRequestError,
  ProviderTimeoutError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type OrderState,
  type PaymentProvider,
  type StoredCard,
} from '../provider/port.ts';

/**
 * What a period's charge came to at the provider. `unknown`: not known yet;
 * search the same orderId later, never charge anew. `challenge`: the shopper
 * must answer the 3-D Secure page first.
 */
export type ChargeOutcome =
  | { kind: 'captured'; savedCard?: StoredCard }
  | { kind: 'declined'; message: string }
  | { kind: 'challenge'; challengeUrl: string }
  | { kind: 'unknown' };

export interface PeriodCharge {
  orderId: string;
  amount: number;
  accountId: string;
  cardId: string;
  /** A new card from the subscriber (first charge only): charged with 3-D Secure and kept at the provider under `accountId`. */
  newCard?: { token: string; redirectionUri: string };
}

function outcomeOfOrder(state: OrderState): ChargeOutcome | null {
  switch (state.status) {
    case 'success':
      return { kind: 'captured' };
    case 'failure':
    case 'canceled':
      return { kind: 'declined', message: state.codes?.message ?? state.status };
    case 'pending':
      return { kind: 'unknown' };
    // Only a charge whose lease ran out is searched: a challenge still open then was abandoned (its shopper had CHALLENGE_LEASE_MS).
    case 'challenge':
      return { kind: 'declined', message: '3-D Secure was never completed' };
    case 'not_found':
      return null;
  }
}

/** An authorize or 3-D Secure completion answer as a period charge's outcome. */
export function outcomeOfAuthorize(result: AuthorizeResult): ChargeOutcome {
  switch (result.status) {
    case 'success':
      return { kind: 'captured', ...(result.savedCard ? { savedCard: result.savedCard } : {}) };
    case 'failure':
      return { kind: 'declined', message: result.codes.message ?? result.codes.vResultCode };
    case 'challenge':
      return { kind: 'challenge', challengeUrl: result.challengeUrl };
    case 'pending':
      return { kind: 'unknown' };
  }
}

function authorizeRequestOf(charge: PeriodCharge): AuthorizeRequest {
  const base = { orderId: charge.orderId, amount: charge.amount, withCapture: true };
  if (charge.newCard) {
    return {
      ...base,
      card: { kind: 'token', token: charge.newCard.token },
      mpi: 'mpi-complete',
      saveCardTo: charge.accountId,
      redirectionUri: charge.newCard.redirectionUri,
    };
  }
  return { ...base, card: { kind: 'stored', accountId: charge.accountId, cardId: charge.cardId }, mpi: 'mpi-none' };
}

/**
 * Charges one period's order at most once: it searches the orderId first (a
 * killed worker may have charged it already) and authorises only when the
 * provider has never seen it. A lost answer is `unknown`, never a retry with
 * another orderId. Recurring charges use the stored card without 3-D Secure
 * (the shopper is not there): `mpi-none`; a subscriber's new card (token) is
 * charged with 3-D Secure (`mpi-complete`) and kept for the renewals.
 */
export async function chargeOnce(provider: PaymentProvider, charge: PeriodCharge): Promise<ChargeOutcome> {
  try {
    const known = outcomeOfOrder(await provider.search(charge.orderId));
    if (known) return known;
    // A claim whose holder died before choosing a card, or a subscription without one: nothing to charge.
    if (!charge.cardId && !charge.newCard) return { kind: 'declined', message: 'no card' };
    return outcomeOfAuthorize(await provider.authorize(authorizeRequestOf(charge)));
  } catch (err) {
    if (err instanceof ProviderTimeoutError) return { kind: 'unknown' };
    if (err instanceof ProviderRequestError) return settledAfterRefusal(provider, charge.orderId, err);
    throw err;
  }
}

/** The provider refused the request (unknown card, a duplicate orderId): what it knows of the order decides. */
export async function settledAfterRefusal(
  provider: PaymentProvider,
  orderId: string,
  refusal: ProviderRequestError,
): Promise<ChargeOutcome> {
  try {
    const known = outcomeOfOrder(await provider.search(orderId));
    return known ?? { kind: 'declined', message: refusal.message };
  } catch (err) {
    if (err instanceof ProviderTimeoutError) return { kind: 'unknown' };
    throw err;
  }
}
