import type { DocumentStore, Eventing, FileStore, Transaction } from '@talkwith/platform';
import type { TaxonomyCharacter } from '@talkwith/proto/catalog';
import { openCharacters, type Character } from '../characters.ts';
import { openCategories, openGroups, type GroupDoc } from '../model.ts';
import { announceGroups } from './group-facts.ts';
import { findGroupDoc } from './groups.ts';
import { CHARACTER_FIELDS, taxonomyCharacterOf, type Placement } from './views.ts';
import { characterErrors, taxonomyErrors } from '../errors.ts';

/** Which characters are listed in which group (characters.group_id) and the full area's character views. */

type StoreOrTx = DocumentStore | Transaction;

async function placementOf(store: StoreOrTx): Promise<Placement> {
  const [groups, categories] = await Promise.all([openGroups(store).find({}), openCategories(store).find({})]);
  return { groups: new Map(groups.map((g) => [g._id, g])), categories: new Map(categories.map((c) => [c._id, c])) };
}

async function findCharacter(store: StoreOrTx, id: string): Promise<Character> {
  const found = await openCharacters(store).findOne({ _id: id }, { projection: CHARACTER_FIELDS });
  if (!found) throw characterErrors.notFound();
  return found;
}

/** Every character (by name) with its group and category names. */
export async function listTaxonomyCharacters(
  store: StoreOrTx,
  files: FileStore,
  filter: Record<string, unknown> = {},
): Promise<TaxonomyCharacter[]> {
  const [characters, place] = await Promise.all([
    openCharacters(store).find(filter, { sort: { name: 1 }, projection: CHARACTER_FIELDS }),
    placementOf(store),
  ]);
  return characters.map((c) => taxonomyCharacterOf(c, place, files));
}

export async function getTaxonomyCharacter(store: StoreOrTx, files: FileStore, id: string): Promise<TaxonomyCharacter> {
  const [character, place] = await Promise.all([findCharacter(store, id), placementOf(store)]);
  return taxonomyCharacterOf(character, place, files);
}

export async function groupCharacters(
  store: StoreOrTx,
  files: FileStore,
  groupId: string,
): Promise<{ group: GroupDoc; characters: TaxonomyCharacter[] }> {
  const group = await findGroupDoc(store, groupId);
  return { group, characters: await listTaxonomyCharacters(store, files, { group_id: groupId }) };
}

export interface Assignment {
  group: GroupDoc;
  character_id: string;
  /** The group the character was listed in before (null: none). */
  previous_group_id: string | null;
}

/** Lists the character in the group (moving it out of any other: a character has one group); both groups are announced to billing. */
export async function assignCharacter(
  tx: Transaction,
  events: Eventing,
  groupId: string,
  characterId: string,
): Promise<Assignment> {
  const group = await findGroupDoc(tx, groupId);
  const character = await findCharacter(tx, characterId);
  await openCharacters(tx).updateOne(
    { _id: characterId },
    { $set: { group_id: groupId, updated_at: new Date().toISOString() } },
  );
  await announceGroups(tx, events, [groupId, character.group_id]);
  return { group, character_id: characterId, previous_group_id: character.group_id ?? null };
}

/** Takes the character out of this group; 404 when it is not listed there (another group's listing is left alone). */
export async function unassignCharacter(
  tx: Transaction,
  events: Eventing,
  groupId: string,
  characterId: string,
): Promise<Assignment> {
  const group = await findGroupDoc(tx, groupId);
  const character = await findCharacter(tx, characterId);
  if (character.group_id !== groupId) throw taxonomyErrors.notInGroup(character.name);
  await openCharacters(tx).updateOne(
    { _id: characterId },
    { $set: { group_id: null, updated_at: new Date().toISOString() } },
  );
  await announceGroups(tx, events, [groupId]);
  return { group, character_id: characterId, previous_group_id: groupId };
}
