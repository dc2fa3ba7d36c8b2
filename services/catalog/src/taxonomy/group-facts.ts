import type { DocumentStore, Eventing, Transaction } from '@talkwith/platform';
import { openCharacters } from '../characters.ts';
import { openGroups, type GroupDoc } from '../model.ts';

type StoreOrTx = DocumentStore | Transaction;

const NAME_MAX = 200;

/**
 * A group's plan is sold while the group lists at least one published
 * character: what the public menu shows (menu.ts leaves other groups out), so
 * a customer can only be sold a group that has something to play.
 */
export async function isSold(store: StoreOrTx, groupId: string): Promise<boolean> {
  return (
    (await openCharacters(store).findOne(
      { group_id: groupId, published_at: { $ne: null } },
      { projection: { _id: 1 } },
    )) !== null
  );
}

async function announceOne(tx: Transaction, events: Eventing, group: GroupDoc): Promise<void> {
  const name = [...group.name].slice(0, NAME_MAX).join('') || group._id;
  await events.publish(
    'group.saved',
    group._id,
    { group_id: group._id, category_id: group.category_id, name, sold: await isSold(tx, group._id) },
    tx,
  );
}

/**
 * Tells billing what these groups are now (`group.saved` with `sold`, or
 * `group.deleted` for one that no longer exists), in the write's
 * transaction. Called by every write that changes a group or what it lists:
 * group create/update/delete, category paste, a character put in or taken out
 * of a group, a character published or unpublished.
 */
export async function announceGroups(
  tx: Transaction,
  events: Eventing,
  ids: readonly (string | null | undefined)[],
): Promise<void> {
  for (const id of new Set(ids.filter((g): g is string => Boolean(g)))) {
    const group = await openGroups(tx).findOne({ _id: id });
    if (group) await announceOne(tx, events, group);
    else await events.publish('group.deleted', id, { group_id: id }, tx);
  }
}
