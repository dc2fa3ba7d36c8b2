import { ProviderRequestError, ProviderTimeoutError, type AuthorizeResult, type OrderState, type PaymentProvider } from '../provider/port.ts';

/** What a period's charge came to at the provider. `unknown`: not known yet; search the same orderId later, never charge anew. */
export type ChargeOutcome =
  | { kind: 'captured' }
  | { kind: 'declined'; message: string }
  | { kind: 'unknown' };

export interface PeriodCharge {
  orderId: string;
  amount: number;
  accountId: string;
  cardId: string;
}

function outcomeOfOrder(state: OrderState): ChargeOutcome | null {
  switch (state.status) {
    case 'success': return { kind: 'captured' };
    case 'failure': case 'canceled': return { kind: 'declined', message: state.codes?.message ?? state.status };
    case 'pending': case 'challenge': return { kind: 'unknown' };
    case 'not_found': return null;
  }
}

function outcomeOfAuthorize(result: AuthorizeResult): ChargeOutcome {
  if (result.status === 'success') return { kind: 'captured' };
  if (result.status === 'failure') return { kind: 'declined', message: result.codes.message ?? result.codes.vResultCode };
  return { kind: 'unknown' };
}

/**
 * Charges one period's order at most once: it searches the orderId first (a
 * killed worker may have charged it already) and authorises only when the
 * provider has never seen it. A lost answer is `unknown`, never a retry with
 * another orderId. Recurring charges use the stored card without 3-D Secure
 * (the shopper is not there): `mpi-none`.
 */
export async function chargeOnce(provider: PaymentProvider, charge: PeriodCharge): Promise<ChargeOutcome> {
  try {
    const known = outcomeOfOrder(await provider.search(charge.orderId));
    if (known) return known;
    // A claim whose holder died before choosing a card, or a subscription without one: nothing to charge.
    if (!charge.cardId) return { kind: 'declined', message: 'no card' };
    return outcomeOfAuthorize(await provider.authorize({
      orderId: charge.orderId, amount: charge.amount, withCapture: true, mpi: 'mpi-none',
      card: { kind: 'stored', accountId: charge.accountId, cardId: charge.cardId },
    }));
  } catch (err) {
    if (err instanceof ProviderTimeoutError) return { kind: 'unknown' };
    if (err instanceof ProviderRequestError) return settledAfterRefusal(provider, charge.orderId, err);
    throw err;
  }
}

/** The provider refused the request (unknown card, a duplicate orderId): what it knows of the order decides. */
async function settledAfterRefusal(provider: PaymentProvider, orderId: string, refusal: ProviderRequestError): Promise<ChargeOutcome> {
  try {
    const known = outcomeOfOrder(await provider.search(orderId));
    return known ?? { kind: 'declined', message: refusal.message };
  } catch (err) {
    if (err instanceof ProviderTimeoutError) return { kind: 'unknown' };
    throw err;
  }
}
