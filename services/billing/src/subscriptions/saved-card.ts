import type { StoredCard } from '../provider/port.ts';
import type { BillingDeps } from '../deps.ts';
import type { ChargeInFlight, SubscriptionRecord } from './records.ts';

/** The card the provider kept at this charge: the one it named, else the account's newest card that was not there before. */
async function keptCard(
  deps: BillingDeps,
  record: SubscriptionRecord,
  knownCardIds: string[],
  named?: StoredCard,
): Promise<StoredCard | undefined> {
  if (named) return named;
  try {
    return (await deps.provider.listCards(record.account_id))
      .filter((card) => !knownCardIds.includes(card.cardId))
      .at(-1);
  } catch (err) {
    // The charge is settled anyway (it was captured); without a card the renewal asks the subscriber for one.
    deps.platform.logger.warn(
      { err, subscription_id: record._id },
      'the card kept at a subscription charge could not be read',
    );
    return undefined;
  }
}

/**
 * A first charge with a new card (token, 3-D Secure) has no card id until the
 * provider kept the card; before it is settled, the charge learns it, so the
 * settlement makes it the recurring card. Other charges are returned as they are.
 */
export async function withKeptCard(
  deps: BillingDeps,
  claimed: SubscriptionRecord,
  named?: StoredCard,
): Promise<SubscriptionRecord> {
  const charge = claimed.charge as ChargeInFlight;
  if (charge.card_id || !charge.saves_card) return claimed;
  const card = await keptCard(deps, claimed, charge.saves_card.known_card_ids, named);
  if (!card) return claimed;
  return { ...claimed, charge: { ...charge, card_id: card.cardId, card_masked: card.maskedNumber } };
}
