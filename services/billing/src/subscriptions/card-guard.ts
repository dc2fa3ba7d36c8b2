import type { AppError } from '@talkwith/platform';
import { type DocumentStore } from '@talkwith/platform';
import type { StoredCard } from '../provider/port.ts';
import { planOf } from './plans.ts';
import { openSubscriptions, type SubscriptionRecord } from './records.ts';
import { purchaseErrors } from '../errors.ts';

/** The user's active plans that this card pays (a cancelled one is never charged again, so it does not hold its card). */
export async function plansPaidBy(store: DocumentStore, userId: string, cardId: string): Promise<SubscriptionRecord[]> {
  return openSubscriptions(store).find({ user_id: userId, status: 'active', 'card.card_id': cardId });
}

/** 409 CARD_IN_USE, naming the plans: the card pays them, and no other card was chosen. */
export function cardInUse(plans: SubscriptionRecord[]): AppError {
  const names = plans.map((p) => `「${planOf(p.plan_code).name}」`).join('、');
  return purchaseErrors.cardInUse(
    names,
    plans.map((p) => p._id),
  );
}

/** Moves every plan this card pays to another card of the user's (guarded on the card they had, so a concurrent change wins). */
export async function movePlans(
  store: DocumentStore,
  userId: string,
  fromCardId: string,
  to: StoredCard,
  now: Date,
): Promise<number> {
  const moved = await openSubscriptions(store).updateMany(
    { user_id: userId, 'card.card_id': fromCardId },
    { $set: { card: { card_id: to.cardId, masked: to.maskedNumber }, updated_at: now.toISOString() } },
  );
  return moved.modifiedCount;
}
