import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { SavedCardView } from '@talkwith/proto/billing';
import { ProviderRequestError, type PaymentProvider, type StoredCard } from '../provider/port.ts';
import { cardInUse, movePlans, plansPaidBy } from '../subscriptions/card-guard.ts';
import { purchaseErrors } from '../errors.ts';

/**
 * The provider keeps a user's cards under an account id of ours. It is a
 * random id, not the user id, so the provider never learns our user ids;
 * only this mapping is stored here, never a card number or expiry.
 */
export interface CardAccountDoc {
  _id: string;
  account_id: string;
  created_at: string;
  [key: string]: unknown;
}

function openCardAccounts(store: DocumentStore): Collection<CardAccountDoc> {
  return store.collection<CardAccountDoc>('card_accounts');
}

export async function ensureCardAccountIndexes(store: DocumentStore): Promise<void> {
  await openCardAccounts(store).createIndex({ account_id: 1 }, { unique: true });
}

/** The user's account id at the provider, made on first use (a racing second maker reads the first's). */
export async function accountIdOf(store: DocumentStore, userId: string): Promise<string> {
  const accounts = openCardAccounts(store);
  const existing = await accounts.findOne({ _id: userId });
  if (existing) return existing.account_id;
  const account_id = `acct${randomUUID().replaceAll('-', '')}`;
  await accounts.updateOne(
    { _id: userId },
    { $setOnInsert: { account_id, created_at: new Date().toISOString() } },
    { upsert: true },
  );
  const stored = await accounts.findOne({ _id: userId });
  if (!stored) throw new Error(`card account of ${userId} was not kept`);
  return stored.account_id;
}

/** The user's account id at the provider if one was ever made (no card was ever kept otherwise); never makes one. */
export async function existingAccountIdOf(store: DocumentStore | Transaction, userId: string): Promise<string | null> {
  return (await store.collection<CardAccountDoc>('card_accounts').findOne({ _id: userId }))?.account_id ?? null;
}

export function cardViewOf(card: StoredCard): SavedCardView {
  return {
    card_id: card.cardId,
    masked: card.maskedNumber,
    expiry: card.expiry,
    brand: card.brand,
    default: card.isDefault,
  };
}

export async function listCards(
  store: DocumentStore,
  provider: PaymentProvider,
  userId: string,
): Promise<SavedCardView[]> {
  return (await provider.listCards(await accountIdOf(store, userId))).map(cardViewOf);
}

/** A card of this user's (another user's card id is not found under this account). */
export async function requireCard(
  store: DocumentStore,
  provider: PaymentProvider,
  userId: string,
  cardId: string,
): Promise<StoredCard> {
  const card = (await provider.listCards(await accountIdOf(store, userId))).find((c) => c.cardId === cardId);
  if (!card) throw purchaseErrors.cardNotFound();
  return card;
}

export async function addCard(
  store: DocumentStore,
  provider: PaymentProvider,
  userId: string,
  token: string,
  makeDefault?: boolean,
): Promise<SavedCardView> {
  try {
    return cardViewOf(await provider.addCard(await accountIdOf(store, userId), token, makeDefault));
  } catch (err) {
    if (err instanceof ProviderRequestError) throw purchaseErrors.cardRefused(err);
    throw err;
  }
}

/** Replaces a card by a new one (new number or expiry): the new card keeps the old one's default mark, and pays the plans the old one paid. */
export async function replaceCard(
  store: DocumentStore,
  provider: PaymentProvider,
  userId: string,
  cardId: string,
  token: string,
): Promise<SavedCardView> {
  const old = await requireCard(store, provider, userId, cardId);
  const card = await addCard(store, provider, userId, token, old.isDefault);
  await movePlans(store, userId, cardId, await requireCard(store, provider, userId, card.card_id), new Date());
  await provider.deleteCard(await accountIdOf(store, userId), cardId);
  return card;
}

/**
 * Forgets a saved card. One that pays an active plan is refused (409
 * CARD_IN_USE, naming the plan) unless `replacementCardId`, another card of
 * the user's, is given: the plans move to it first.
 */
export async function deleteCard(
  store: DocumentStore,
  provider: PaymentProvider,
  userId: string,
  cardId: string,
  replacementCardId?: string,
): Promise<void> {
  await requireCard(store, provider, userId, cardId);
  const plans = await plansPaidBy(store, userId, cardId);
  if (plans.length > 0 && (!replacementCardId || replacementCardId === cardId)) throw cardInUse(plans);
  if (replacementCardId && replacementCardId !== cardId)
    await movePlans(store, userId, cardId, await requireCard(store, provider, userId, replacementCardId), new Date());
  await provider.deleteCard(await accountIdOf(store, userId), cardId);
}

export async function makeDefaultCard(
  store: DocumentStore,
  provider: PaymentProvider,
  userId: string,
  cardId: string,
): Promise<SavedCardView[]> {
  await requireCard(store, provider, userId, cardId);
  return (await provider.setDefaultCard(await accountIdOf(store, userId), cardId)).map(cardViewOf);
}
