import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { ConversationLine, EndReason } from '@talkwith/proto/dialogue';

/** One talk of a signed-in user (API.md § Talks). `start_key` makes a retried start (same user, same Idempotency-Key) find it. */
export interface TalkDoc {
  _id: string;
  user_id: string;
  character_id: string;
  btn: string;
  status: 'started' | 'replied' | 'released' | 'ended';
  ticket_use_id: string | null;
  resumed_from: string | null;
  start_key: string;
  /** What the start asked: a key reused for another start is refused. */
  fingerprint: string;
  started_at: string;
  replied_at: string | null;
  released_at: string | null;
  release_reason: string | null;
  ended_at: string | null;
  end_reason: EndReason | null;
  total_billed_time: number;
  [key: string]: unknown;
}

/** A billing ticket use backs at most one talk: `_id` is the use id, so a second talk naming it collides. */
export interface TicketUseDoc {
  _id: string;
  talk_id: string;
  user_id: string;
  [key: string]: unknown;
}

/** Where a user is with one character (the conversation tracker); `_id` from trackerKey. */
export interface TrackerDoc {
  _id: string;
  user_id: string;
  character_id: string;
  block_id: string;
  conversation_id: string | null;
  utterance: string;
  steps: number;
  updated_at: string;
  /** The last CONVERSATION_KEPT steps, oldest first (conversation.ts); absent on places tracked before it was kept. */
  lines?: TrackedLine[];
  [key: string]: unknown;
}

/** One tracked step as stored: the block's title is looked up when read, so renames show. */
export type TrackedLine = Omit<ConversationLine, 'block_title'>;

/**
 * One block of a character a user has found: played (from the tracker) and/or
 * unlocked by a serial. `_id` from albumKey. The first times are kept with
 * `$min`, so a redelivery or a late event never moves them later.
 */
export interface AlbumDoc {
  _id: string;
  user_id: string;
  character_id: string;
  block_id: string;
  played_first_at?: string;
  played_times: number;
  serial_at?: string;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;
export const openTalks = (store: Store): Collection<TalkDoc> => store.collection<TalkDoc>('talks');
export const openTicketUses = (store: Store): Collection<TicketUseDoc> =>
  store.collection<TicketUseDoc>('talk_ticket_uses');
export const openTracker = (store: Store): Collection<TrackerDoc> =>
  store.collection<TrackerDoc>('conversation_tracker');
export const openAlbum = (store: Store): Collection<AlbumDoc> => store.collection<AlbumDoc>('album_blocks');

// Ids may hold ':' (DialogueId allows it), so the parts are encoded: two different pairs never share a key.
const keyOf = (...parts: string[]): string => parts.map(encodeURIComponent).join('/');
export const trackerKey = (userId: string, characterId: string): string => keyOf(userId, characterId);
export const albumKey = (userId: string, characterId: string, blockId: string): string =>
  keyOf(userId, characterId, blockId);

export async function ensureTalkIndexes(store: DocumentStore): Promise<void> {
  await openTalks(store).createIndex({ start_key: 1 }, { unique: true });
  await openTalks(store).createIndex({ user_id: 1, character_id: 1, started_at: -1 });
  await openTicketUses(store).createIndex({ user_id: 1 });
  await openTracker(store).createIndex({ user_id: 1, updated_at: -1 });
  await openAlbum(store).createIndex({ user_id: 1, character_id: 1 });
}
