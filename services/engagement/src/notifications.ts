import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import type { Notification as NotificationReply } from '@talkwith/proto/engagement';

/** A stored notification: the HTTP shape of proto, keyed by _id. */
export type Notification = Omit<NotificationReply, 'id'> & { _id: string; [key: string]: unknown };

export function notificationsIn(store: DocumentStore | Transaction): Collection<Notification> {
  return store.collection<Notification>('notifications');
}

export async function openNotifications(store: DocumentStore): Promise<Collection<Notification>> {
  const notifications = notificationsIn(store);
  await notifications.createIndex({ user_id: 1, created_at: -1 });
  return notifications;
}

/** user.registered greets; user.deleted erases the account's notifications. */
export async function onUserEvent(notifications: Collection<Notification>, event: EventOf<'user.registered' | 'user.deleted'>): Promise<void> {
  if (event.type === 'user.registered') await welcome(notifications, event);
  else await notifications.deleteMany({ user_id: event.data.user_id });
}

/** user.registered → one welcome notification; its id is derived from the user, so a redelivery adds nothing. */
export async function welcome(notifications: Collection<Notification>, event: EventOf<'user.registered'>): Promise<void> {
  const { user_id } = event.data;
  await notifications.updateOne({ _id: `welcome:${user_id}` }, {
    $setOnInsert: {
      user_id, kind: 'welcome', read: false, created_at: event.occurredAt,
      title: 'TALK WITH へようこそ', body: 'ご登録ありがとうございます。お気に入りのキャラクターと話してみましょう。',
    },
  }, { upsert: true });
}
