import type { Collection, DocumentStore } from '@talkwith/platform';
import type { EventEnvelope } from '@talkwith/proto';
import type { Notification as NotificationReply } from '@talkwith/proto/engagement';
import type { UserRegistered } from '@talkwith/proto/events';
import type { Static } from '@sinclair/typebox';

/** A stored notification: the HTTP shape of proto, keyed by _id. */
export type Notification = Omit<NotificationReply, 'id'> & { _id: string; [key: string]: unknown };

export async function openNotifications(store: DocumentStore): Promise<Collection<Notification>> {
  const notifications = store.collection<Notification>('notifications');
  await notifications.createIndex({ user_id: 1, created_at: -1 });
  return notifications;
}

/** user.registered → one welcome notification; its id is derived from the user, so a redelivery adds nothing. */
export async function welcome(notifications: Collection<Notification>, event: EventEnvelope): Promise<void> {
  const { user_id } = event.data as Static<typeof UserRegistered.data>;
  await notifications.updateOne({ _id: `welcome:${user_id}` }, {
    $setOnInsert: {
      user_id, kind: 'welcome', read: false, created_at: event.occurredAt,
      title: 'TALK WITH へようこそ', body: 'ご登録ありがとうございます。お気に入りのキャラクターと話してみましょう。',
    },
  }, { upsert: true });
}
