import type { AuthorizeBody, MpiNoneBody } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import type { CardSource } from '../provider/port.ts';
import { accountIdOf, requireCard } from './cards.ts';
import { charge, type FlowAnswer, type Payment } from './checkout.ts';
import { purchaseById } from './resume.ts';
import { purchaseErrors } from '../errors.ts';

/** A saved card of this user's (404 CARD_NOT_FOUND otherwise), as the provider names it, and what a receipt shows of it. */
async function storedCard(deps: BillingDeps, userId: string, cardId: string): Promise<Payment> {
  const card = await requireCard(deps.platform.store, deps.provider, userId, cardId);
  const last4 = card.maskedNumber.replace(/\D/g, '').slice(-4);
  return {
    card: { kind: 'stored', accountId: await accountIdOf(deps.platform.store, userId), cardId },
    ...(last4.length === 4 ? { shown: { last4, ...(card.brand ? { brand: card.brand } : {}) } } : {}),
  };
}

/** POST card/authorize: a one-time token (3-D Secure) or a saved card. */
export async function authorizePurchase(
  deps: BillingDeps,
  userId: string,
  key: string,
  body: AuthorizeBody,
): Promise<FlowAnswer> {
  if (body.method === 'convenience') {
    throw purchaseErrors.konbiniUnavailable();
  }
  const { token, card_id: cardId } = body;
  if (Boolean(token) === Boolean(cardId)) throw purchaseErrors.tokenOrCard();
  const mpi = body.mpi ?? 'mpi-complete';
  if (mpi === 'mpi-none' && !cardId) throw purchaseErrors.mpiNoneNeedsSavedCard();
  const payWith = async (): Promise<Payment> => {
    if (cardId) return storedCard(deps, userId, cardId);
    const card: CardSource = { kind: 'token', token: token ?? '' };
    return body.save_card ? { card, saveCardTo: await accountIdOf(deps.platform.store, userId) } : { card };
  };
  return charge(deps, { userId, key, scope: 'authorize', body, productId: body.product_id, payWith, mpi });
}

/** POST card/mpi_none: a saved card without 3-D Secure. */
export async function chargeSavedCard(
  deps: BillingDeps,
  userId: string,
  key: string,
  body: MpiNoneBody,
): Promise<FlowAnswer> {
  const payWith = (): Promise<Payment> => storedCard(deps, userId, body.card_id);
  return charge(deps, { userId, key, scope: 'mpi_none', body, productId: body.product_id, payWith, mpi: 'mpi-none' });
}

/** POST card/reauthorize: the same product again on the card of an earlier purchase (a new purchase, a new orderId). */
export async function reauthorizePurchase(
  deps: BillingDeps,
  userId: string,
  key: string,
  purchaseId: string,
): Promise<FlowAnswer> {
  const original = await purchaseById(deps, purchaseId, userId, false);
  if (original.source !== 'card' || !['captured', 'canceled'].includes(original.status)) {
    throw purchaseErrors.cardNotReusable();
  }
  const payWith = async (): Promise<Payment> => ({
    originalOrderId: original.order_id,
    ...(original.card ? { shown: original.card } : {}),
  });
  return charge(deps, {
    userId,
    key,
    scope: 'reauthorize',
    body: { purchase_id: purchaseId },
    productId: original.product_id,
    payWith,
    mpi: 'mpi-none',
  });
}
