import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { isNotOlder, keySeqAs } from '@talkwith/platform/eventing';
import type { EventOf } from '@talkwith/proto';
import type { LogUser } from '@talkwith/proto/logging';

/**
 * The accounts the log screen names (consumer group `logging-users`, from
 * identity's events): the address to show instead of an id and when the
 * account was last seen logging in. A deleted account keeps its id and
 * dates but not its address.
 */
export interface LogUserDoc {
  _id: string;
  email: string;
  registered_at: string | null;
  last_login_at: string | null;
  deleted_at: string | null;
  /** last_login_at, else registered_at: the picker's order. */
  seen_at: string;
  /** When identity's event told the address: an announcement older than that never overwrites it. */
  email_at?: string;
  /** Identity's write number for the account (`keySeq`) of that event, when it carried one: compared instead of `email_at`. */
  email_seq?: number;
  [key: string]: unknown;
}

export const USER_EVENTS = [
  'user.registered',
  'user.announced',
  'user.logged_in',
  'user.email_changed',
  'user.deleted',
] as const;
export type UserEvent = EventOf<(typeof USER_EVENTS)[number]>;

export const openLogUsers = (store: DocumentStore | Transaction): Collection<LogUserDoc> =>
  store.collection<LogUserDoc>('log_users');

export async function ensureLogUserIndexes(store: DocumentStore): Promise<void> {
  await openLogUsers(store).createIndex({ seen_at: -1 });
}

/** One event in its delivery transaction; upserts, and `$max` keeps times from moving back, so redeliveries and late events are harmless. */
export async function onUserEvent(tx: Transaction, event: UserEvent): Promise<void> {
  const users = openLogUsers(tx);
  const { user_id: id } = event.data;
  switch (event.type) {
    case 'user.registered': {
      const { email, registered_at: at } = event.data;
      await users.updateOne(
        { _id: id },
        {
          $set: { email, registered_at: at, email_at: event.occurredAt, ...keySeqAs('email_seq', event) },
          $max: { seen_at: at },
          $setOnInsert: { last_login_at: null, deleted_at: null },
        },
        { upsert: true },
      );
      return;
    }
    case 'user.announced':
      return applyAnnouncement(tx, event);
    case 'user.logged_in':
      await users.updateOne(
        { _id: id },
        {
          $max: { last_login_at: event.data.at, seen_at: event.data.at },
          $setOnInsert: { email: '', registered_at: null, deleted_at: null },
        },
        { upsert: true },
      );
      return;
    case 'user.email_changed':
      await users.updateOne(
        { _id: id, deleted_at: null },
        { $set: { email: event.data.new_email, email_at: event.occurredAt, ...keySeqAs('email_seq', event) } },
      );
      return;
    case 'user.deleted':
      await users.updateOne(
        { _id: id },
        {
          $set: { email: '', deleted_at: event.occurredAt },
          $setOnInsert: { registered_at: null, last_login_at: null, seen_at: event.occurredAt },
        },
        { upsert: true },
      );
  }
}

/**
 * Identity's account as it was when announced (identity answering logging's
 * `facts.requested` on start): rebuilds a missing entry; its address replaces
 * the kept one only when it is not older than it, and a deleted account stays deleted.
 */
async function applyAnnouncement(tx: Transaction, event: EventOf<'user.announced'>): Promise<void> {
  const users = openLogUsers(tx);
  const { user_id: id, email, registered_at: at } = event.data;
  const kept = await users.findOne({ _id: id }, { projection: { deleted_at: 1, email_at: 1, email_seq: 1 } });
  if (kept?.deleted_at) return;
  const newer = isNotOlder(event, kept && { at: kept.email_at, seq: kept.email_seq });
  await users.updateOne(
    { _id: id },
    {
      $set: {
        registered_at: at,
        ...(newer ? { email, email_at: event.occurredAt, ...keySeqAs('email_seq', event) } : {}),
      },
      $max: { seen_at: at },
      $setOnInsert: { last_login_at: null, deleted_at: null },
    },
    { upsert: true },
  );
}

export function logUserView(doc: LogUserDoc): LogUser {
  return {
    user_id: doc._id,
    email: doc.email,
    registered_at: doc.registered_at,
    last_login_at: doc.last_login_at,
    deleted_at: doc.deleted_at,
  };
}
