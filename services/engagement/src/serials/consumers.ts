import type { Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { DELETED_USER, openCharacterNames, openRedemptions, openSerials } from './model.ts';

export const SERIAL_EVENTS = ['user.deleted', 'character.published'] as const;

/** Consumer group `engagement-serials`: forgets deleted accounts, remembers character names and published block ids. */
export async function onSerialEvent(tx: Transaction, event: EventOf<(typeof SERIAL_EVENTS)[number]>): Promise<void> {
  if (event.type === 'user.deleted') await forgetRedeemer(tx, event.data.user_id);
  else {
    const { character_id, name, block_ids } = event.data;
    await openCharacterNames(tx).updateOne(
      { _id: character_id },
      { $set: { name, ...(block_ids ? { block_ids } : {}) } },
      { upsert: true },
    );
  }
}

/**
 * `user.deleted` (consumer group `engagement-serials`): the account's
 * redemptions stay, so statistics and batch counters do not change and a used
 * code stays used, but they no longer name the account: `user_id` and
 * `redeemed_by` become `deleted-user`, and the once-per-coupon key, which
 * holds the user id, becomes one of its own row. Running twice changes nothing.
 */
export async function forgetRedeemer(tx: Transaction, userId: string): Promise<void> {
  const redemptions = openRedemptions(tx);
  for (const row of await redemptions.find({ user_id: userId }, { projection: { _id: 1 } })) {
    await redemptions.updateOne({ _id: row._id }, { $set: { user_id: DELETED_USER, once_key: `deleted:${row._id}` } });
  }
  await openSerials(tx).updateMany({ redeemed_by: userId }, { $set: { redeemed_by: DELETED_USER } });
}
