import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { ledgerErrors } from '../errors.ts';

type StoreOrTx = DocumentStore | Transaction;

/**
 * What billing knows of the catalog, projected from its events (consumer
 * group `billing-catalog`, consumers.ts): the points each published
 * character's actions cost, and the groups whose plan may be sold.
 */
export interface CharacterActionsDoc {
  _id: string;
  /** Published now (character.unpublished clears it). */
  published: boolean;
  /** The published version these prices came from: an older one redelivered changes nothing. */
  version: number;
  actions: { code: string; points: number }[];
  updated_at: string;
  [key: string]: unknown;
}

export interface GroupFactsDoc {
  _id: string;
  category_id: string;
  name: string;
  sold: boolean;
  deleted: boolean;
  /** occurredAt of the event these facts came from: an older one changes nothing. */
  at: string;
  /** Catalog's write number for the group (`keySeq`) of that event, when it carried one: compared instead of `at`. */
  at_seq?: number;
  [key: string]: unknown;
}

export function openCharacterActions(store: StoreOrTx): Collection<CharacterActionsDoc> {
  return store.collection<CharacterActionsDoc>('billing_character_actions');
}

export function openGroupFacts(store: StoreOrTx): Collection<GroupFactsDoc> {
  return store.collection<GroupFactsDoc>('billing_groups');
}

/**
 * The price of an action, decided by the server from the published character:
 * 400 VALIDATION_FAILED when the character is not published, the action costs
 * no points there (or does not exist), or `points` is not exactly its price.
 */
export async function requireActionPrice(
  store: StoreOrTx,
  use: { character_id: string; action_code: string; points: number },
): Promise<number> {
  const character = await openCharacterActions(store).findOne({ _id: use.character_id });
  if (!character?.published) throw ledgerErrors.characterNotFound();
  const action = character.actions.find((a) => a.code === use.action_code);
  if (!action) throw ledgerErrors.actionNotForPoints();
  if (action.points !== use.points) throw ledgerErrors.actionPriceChanged(action.points);
  return action.points;
}

/** A group that exists in the catalog (not deleted), or 404 NOT_FOUND. */
export async function requireGroup(store: StoreOrTx, groupId: string, field = 'group_id'): Promise<GroupFactsDoc> {
  const group = await openGroupFacts(store).findOne({ _id: groupId });
  if (!group || group.deleted) throw ledgerErrors.groupNotFound(field);
  return group;
}

/** A group whose plan is on sale: 404 when it does not exist, 409 PRODUCT_UNAVAILABLE when it lists no published character. */
export async function requireSoldGroup(store: StoreOrTx, groupId: string, field = 'group_id'): Promise<GroupFactsDoc> {
  const group = await requireGroup(store, groupId, field);
  if (!group.sold) throw ledgerErrors.groupNotSold(group.name, field);
  return group;
}
