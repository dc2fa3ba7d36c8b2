import type { Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { recordSerialUnlock } from './album.ts';
import { openAlbum, openTalks, openTicketUses, openTracker } from './model.ts';

export const TALK_EVENTS = ['serial.redeemed', 'redemption.announced', 'user.deleted'] as const;
export type TalkEvent = EventOf<(typeof TALK_EVENTS)[number]>;

/**
 * Consumer group `dialogue-talks` (the platform runs each event id once, in
 * `tx`; one group, so a redemption and a later deletion apply in order).
 * An announced redemption (engagement answering dialogue's facts.requested)
 * records the same unlock, which is only ever inserted (earliest time kept).
 */
export async function onTalkEvent(tx: Transaction, event: TalkEvent): Promise<void> {
  if (event.type === 'serial.redeemed' || event.type === 'redemption.announced') {
    const { user_id, character_id, block_id, redeemed_at } = event.data;
    await recordSerialUnlock(tx, { userId: user_id, characterId: character_id, blockId: block_id, at: redeemed_at });
    return;
  }
  await forgetUser(tx, event.data.user_id);
}

/** `user.deleted`: the account's talks, ticket-use marks, tracker and album go. Running twice changes nothing. */
export async function forgetUser(tx: Transaction, userId: string): Promise<void> {
  await openTalks(tx).deleteMany({ user_id: userId });
  await openTicketUses(tx).deleteMany({ user_id: userId });
  await openTracker(tx).deleteMany({ user_id: userId });
  await openAlbum(tx).deleteMany({ user_id: userId });
}
