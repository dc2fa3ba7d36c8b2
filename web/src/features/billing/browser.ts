/** The full-page navigation of the 3-D Secure challenge, in one object so tests can watch it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The order waiting for its 3-D Secure return (SPEC.md §3 storage key talkwith-orderId). */
export const ORDER_ID_KEY = 'talkwith-orderId';

export function rememberOrder(orderId: string): void {
  try {
    sessionStorage.setItem(ORDER_ID_KEY, orderId);
  } catch {
    // The return page also reads ?order_id, so storage is only a fallback.
  }
}

export function rememberedOrder(): string | null {
  try {
    return sessionStorage.getItem(ORDER_ID_KEY);
  } catch {
    return null;
  }
}

/**
 * The saved card a 3-D Secure attempt was made with, kept beside its order so
 * the failure page can offer 「もう一度試す」 with the same card. A typed card's
 * token is spent, so only a saved card (card_id) can be tried again as is.
 */
const CHALLENGE_CARD_KEY = 'talkwith-challengeCard';

export function rememberChallengeCard(orderId: string, cardId: string | null): void {
  try {
    if (cardId === null) sessionStorage.removeItem(CHALLENGE_CARD_KEY);
    else sessionStorage.setItem(CHALLENGE_CARD_KEY, JSON.stringify({ order_id: orderId, card_id: cardId }));
  } catch {
    // Without storage the failure page still offers the card form for the same product.
  }
}

export function challengeCardOf(orderId: string): string | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(CHALLENGE_CARD_KEY) ?? 'null') as {
      order_id?: unknown;
      card_id?: unknown;
    } | null;
    return kept && kept.order_id === orderId && typeof kept.card_id === 'string' ? kept.card_id : null;
  } catch {
    return null;
  }
}
