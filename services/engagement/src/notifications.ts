import type { Collection, DocumentStore } from '@talkwith/platform';
import type { EventEnvelope } from '@talkwith/proto';
import type { UserRegistered } from '@talkwith/proto/events';
import type { Static } from '@sinclair/typebox';

export interface Notification {
  _id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  read: boolean;
  created_at: string;
  [key: string]: unknown;
}

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
