import type { Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import type { NotificationKind } from '@talkwith/proto/engagement';
import { openNotifications, openReads, windowFields } from './model.ts';

/** The events the area's consumer group (`engagement-notifications`) takes. */
export const NOTIFICATION_EVENTS = [
  'user.registered',
  'user.deleted',
  'ticket.expiring',
  'subscription.renewed',
  'subscription.renewal_failed',
  'subscription.finished',
] as const;
export type NotificationEvent = EventOf<(typeof NOTIFICATION_EVENTS)[number]>;

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** "M月D日" of an instant on the Japanese calendar (Japan has no daylight saving). */
export function japanMonthDay(iso: string): string {
  const local = new Date(Date.parse(iso) + JST_OFFSET_MS);
  return `${local.getUTCMonth() + 1}月${local.getUTCDate()}日`;
}

interface Automatic {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  at: string;
  until?: string;
}

/**
 * Writes one automatic notification to one user. The id comes from its cause
 * and the write is an upsert that only inserts, so a redelivered event (or
 * the same fact announced twice) leaves the first one as it was.
 */
async function notify(tx: Transaction, n: Automatic): Promise<void> {
  const publishUntil = n.until ?? null;
  await openNotifications(tx).updateOne(
    { _id: n.id },
    {
      $setOnInsert: {
        kind: n.kind,
        title: n.title,
        body: n.body,
        is_news: false,
        active: true,
        audience: n.user_id,
        publish_from: null,
        publish_until: publishUntil,
        ...windowFields(null, publishUntil, n.at),
        created_at: n.at,
        updated_at: n.at,
        created_by: null,
      },
    },
    { upsert: true },
  );
}

/** The account is gone: its own notifications and every read mark it left. */
async function eraseUser(tx: Transaction, userId: string): Promise<void> {
  await openNotifications(tx).deleteMany({ audience: userId });
  await openReads(tx).deleteMany({ user_id: userId });
}

/** The area's reactions to events (each runs once per event id in `tx`). */
export async function onNotificationEvent(tx: Transaction, event: NotificationEvent): Promise<void> {
  const at = event.occurredAt;
  switch (event.type) {
    case 'user.registered':
      return notify(tx, {
        id: `welcome:${event.data.user_id}`,
        user_id: event.data.user_id,
        kind: 'welcome',
        at,
        title: 'TALK WITH へようこそ',
        body: 'ご登録ありがとうございます。お気に入りのキャラクターと話してみましょう。',
      });
    case 'user.deleted':
      return eraseUser(tx, event.data.user_id);
    case 'ticket.expiring': {
      const { user_id, lot_id, count, expires_at } = event.data;
      // It stops showing once the tickets it warns about are gone.
      return notify(tx, {
        id: `ticket-expiry:${lot_id}`,
        user_id,
        kind: 'ticket_expiry',
        at,
        until: new Date(expires_at).toISOString(),
        title: 'トークチケットの有効期限が近づいています',
        body: `トークチケット ${count} 枚の有効期限が ${japanMonthDay(expires_at)} に切れます。お早めにご利用ください。`,
      });
    }
    case 'subscription.renewed': {
      const { user_id, subscription_id, period, period_end } = event.data;
      return notify(tx, {
        id: `subscription-renewed:${subscription_id}:${period}`,
        user_id,
        kind: 'subscription_renewed',
        at,
        title: 'サブスクリプションを更新しました',
        body: `サブスクリプションを更新しました。次回の更新日は ${japanMonthDay(period_end)} です。`,
      });
    }
    case 'subscription.renewal_failed': {
      const { user_id, subscription_id, period, attempt, retry_at } = event.data;
      // The last try ends the plan: subscription.finished (payment_failed) says so.
      if (!retry_at) return;
      return notify(tx, {
        id: `subscription-renewal-failed:${subscription_id}:${period}:${attempt}`,
        user_id,
        kind: 'subscription_failed',
        at,
        until: retry_at,
        title: '月額プランのお支払いができませんでした',
        body: `更新料金のお支払いができませんでした。${japanMonthDay(retry_at)} にもう一度お支払いを試みます。それまでにマイページでお支払いに使うカードを変更してください。`,
      });
    }
    case 'subscription.finished': {
      const { user_id, subscription_id, period_end, reason } = event.data;
      if (reason !== 'payment_failed') return;
      return notify(tx, {
        id: `subscription-failed:${subscription_id}:${period_end}`,
        user_id,
        kind: 'subscription_failed',
        at,
        title: 'サブスクリプションが終了しました',
        body: 'お支払いを確認できなかったため、サブスクリプションが終了しました。カード情報をご確認のうえ、再度お申し込みください。',
      });
    }
  }
}
