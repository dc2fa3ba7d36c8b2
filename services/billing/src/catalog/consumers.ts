import type { Transaction } from '@talkwith/platform';
import { keptNotNewerThan, keySeqAs } from '@talkwith/platform/eventing';
import type { EventOf } from '@talkwith/proto';
import { openCharacterActions, openGroupFacts } from './model.ts';

export const CATALOG_FACT_EVENTS = [
  'character.published',
  'character.unpublished',
  'group.saved',
  'group.deleted',
] as const;
export type CatalogFact = EventOf<(typeof CATALOG_FACT_EVENTS)[number]>;

const isDuplicate = (err: unknown) => (err as { code?: string }).code === 'DUPLICATE_KEY';

/** Upsert guarded on a newer-or-equal mark; the insert half of an upsert losing a race to a newer write is that write winning. */
async function upsertNewer(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (!isDuplicate(err)) throw err;
  }
}

/**
 * Consumer group `billing-catalog` (each event once, in `tx`). The newest
 * published version of a character wins, as for products; a group's newest
 * event wins (catalog's write number for the group, `at_seq`; the time for
 * events and rows without one), and a deleted group stays deleted.
 */
export async function onCatalogFact(tx: Transaction, event: CatalogFact): Promise<void> {
  switch (event.type) {
    case 'character.published': {
      const { character_id: _id, version, actions } = event.data;
      const fresh = { published: true, version, actions: actions ?? [], updated_at: event.occurredAt };
      await upsertNewer(() =>
        openCharacterActions(tx).updateOne({ _id, version: { $lte: version } }, { $set: fresh }, { upsert: true }),
      );
      return;
    }
    case 'character.unpublished':
      await openCharacterActions(tx).updateOne(
        { _id: event.data.character_id },
        { $set: { published: false, updated_at: event.occurredAt } },
      );
      return;
    case 'group.saved': {
      const { group_id: _id, category_id, name, sold } = event.data;
      const fresh = { category_id, name, sold, deleted: false, at: event.occurredAt, ...keySeqAs('at_seq', event) };
      await upsertNewer(() =>
        openGroupFacts(tx).updateOne(
          { _id, deleted: { $ne: true }, ...keptNotNewerThan(event, 'at', 'at_seq') },
          { $set: fresh },
          { upsert: true },
        ),
      );
      return;
    }
    case 'group.deleted':
      await openGroupFacts(tx).updateOne(
        { _id: event.data.group_id },
        {
          $set: { deleted: true, sold: false, at: event.occurredAt, ...keySeqAs('at_seq', event) },
          $setOnInsert: { category_id: '', name: '' },
        },
        { upsert: true },
      );
  }
}
