import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { purchaseErrors } from '../errors.ts';

/**
 * A character a user may talk with because they bought it. The document is
 * written when the purchase starts (`reserved`): its id is the pair
 * (user, character), so two purchases of one character can never both be
 * under way or both be kept.
 */
export interface EntitlementDoc {
  _id: string;
  user_id: string;
  character_id: string;
  purchase_id: string;
  state: 'reserved' | 'owned';
  at: string;
  [key: string]: unknown;
}

export function openEntitlements(store: DocumentStore | Transaction): Collection<EntitlementDoc> {
  return store.collection<EntitlementDoc>('entitlements');
}

const idOf = (userId: string, characterId: string): string => `${userId}:${characterId}`;

export async function ensureEntitlementIndexes(store: DocumentStore): Promise<void> {
  await openEntitlements(store).createIndex({ user_id: 1, state: 1 });
}

/** Refuses a character already owned (409 ALREADY_OWNED) or being bought by another purchase. */
export async function reserveCharacter(
  tx: Transaction,
  userId: string,
  characterId: string,
  purchaseId: string,
  at: string,
): Promise<void> {
  const entitlements = openEntitlements(tx);
  const existing = await entitlements.findOne({ _id: idOf(userId, characterId) });
  if (existing?.state === 'owned') throw purchaseErrors.alreadyOwned();
  if (existing) throw purchaseErrors.purchaseInProgress();
  await entitlements.insertOne({
    _id: idOf(userId, characterId),
    user_id: userId,
    character_id: characterId,
    purchase_id: purchaseId,
    state: 'reserved',
    at,
  });
}

export async function confirmCharacter(
  tx: Transaction,
  userId: string,
  characterId: string,
  purchaseId: string,
  at: string,
): Promise<void> {
  await openEntitlements(tx).updateOne(
    { _id: idOf(userId, characterId) },
    {
      $set: { user_id: userId, character_id: characterId, purchase_id: purchaseId, state: 'owned', at },
    },
    { upsert: true },
  );
}

/** Frees the reservation (failed purchase) or takes the character back (cancelled one): only this purchase's. */
export async function releaseCharacter(
  tx: Transaction,
  userId: string,
  characterId: string,
  purchaseId: string,
): Promise<void> {
  await openEntitlements(tx).deleteOne({ _id: idOf(userId, characterId), purchase_id: purchaseId });
}

export async function ownedCharacterIds(store: DocumentStore, userId: string): Promise<string[]> {
  const owned = await openEntitlements(store).find(
    { user_id: userId, state: 'owned' },
    { sort: { at: 1 }, limit: 10_000 },
  );
  return owned.map((e) => e.character_id);
}
