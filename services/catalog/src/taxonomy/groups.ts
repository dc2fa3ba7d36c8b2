import { randomUUID } from 'node:crypto';
import type { DocumentStore, Eventing, Transaction } from '@talkwith/platform';
import type { Group, GroupPatch, NewGroupBody } from '@talkwith/proto/catalog';
import { openCharacters } from '../characters.ts';
import { openCategories, openGroups, type GroupDoc } from '../model.ts';
import { CATEGORY_ORDER, nextSortOrder } from './categories.ts';
import { announceGroups } from './group-facts.ts';
import { countBy, groupOf, storedTextsOf } from './views.ts';
import { taxonomyErrors } from '../errors.ts';

type StoreOrTx = DocumentStore | Transaction;

const now = () => new Date().toISOString();

export async function findGroupDoc(store: StoreOrTx, id: string): Promise<GroupDoc> {
  const found = await openGroups(store).findOne({ _id: id });
  if (!found) throw taxonomyErrors.groupNotFound();
  return found;
}

/** A group may only point at a category that exists (400 naming the field, like the other dangling references). */
async function ensureCategoryExists(store: StoreOrTx, categoryId: string): Promise<void> {
  if (await openCategories(store).findOne({ _id: categoryId }, { projection: { _id: 1 } })) return;
  throw taxonomyErrors.unknownCategory(categoryId);
}

/** Groups in menu order (of one category when given), with how many characters each lists. */
export async function listGroups(store: StoreOrTx, categoryId?: string): Promise<Group[]> {
  const groups = await openGroups(store).find(categoryId ? { category_id: categoryId } : {}, { sort: CATEGORY_ORDER });
  const members = await openCharacters(store).find(
    { group_id: { $in: groups.map((g) => g._id) } },
    { projection: { _id: 1, group_id: 1 } },
  );
  const counts = countBy(members, (c) => c.group_id);
  return groups.map((g) => groupOf(g, counts.get(g._id) ?? 0));
}

export async function viewGroup(store: StoreOrTx, doc: GroupDoc): Promise<Group> {
  return groupOf(doc, await openCharacters(store).countDocuments({ group_id: doc._id }));
}

/** A new group, announced to billing (`group.saved`, not sold: it lists nobody yet) in the same transaction. */
export async function createGroup(tx: Transaction, events: Eventing, input: NewGroupBody): Promise<GroupDoc> {
  await ensureCategoryExists(tx, input.category_id);
  const groups = openGroups(tx);
  const at = now();
  const created = await groups.insertOne({
    _id: randomUUID(),
    category_id: input.category_id,
    name: input.name,
    description: input.description ?? '',
    ...storedTextsOf(input),
    sort_order: input.sort_order ?? (await nextSortOrder(groups, { category_id: input.category_id })),
    created_at: at,
    updated_at: at,
  });
  await announceGroups(tx, events, [created._id]);
  return created;
}

export async function updateGroup(tx: Transaction, events: Eventing, id: string, patch: GroupPatch): Promise<GroupDoc> {
  await findGroupDoc(tx, id);
  if (patch.category_id !== undefined) await ensureCategoryExists(tx, patch.category_id);
  const updated = await openGroups(tx).findOneAndUpdate(
    { _id: id },
    {
      $set: { ...patch, ...storedTextsOf(patch), updated_at: now() },
    },
  );
  if (!updated) throw taxonomyErrors.groupNotFound();
  await announceGroups(tx, events, [id]);
  return updated;
}

/** Refuses while characters are listed in it (409 with their list): they would vanish from the menu unnoticed. */
export async function deleteGroup(tx: Transaction, events: Eventing, id: string): Promise<GroupDoc> {
  const group = await findGroupDoc(tx, id);
  const members = await openCharacters(tx).find(
    { group_id: id },
    { sort: { name: 1 }, projection: { _id: 1, name: 1 } },
  );
  if (members.length > 0) {
    throw taxonomyErrors.groupNotEmpty(group.name, members);
  }
  await openGroups(tx).deleteOne({ _id: id });
  await announceGroups(tx, events, [id]);
  return group;
}
