import type { EventOf } from '@talkwith/proto';

/** The content column an operator reads: one Japanese sentence per service event (SPEC.md §3 Log entry message). */

const TICKET_SOURCES: Record<EventOf<'ticket.granted'>['data']['source'], string> = {
  purchase: '購入',
  subscription: 'サブスクリプション',
  serial: 'シリアルコード',
  operator: '運営',
  campaign: 'キャンペーン',
  released: '会話の不成立による返却',
};

const POINT_SOURCES: Record<string, string> = {
  SU0001: 'サブスクリプション',
  MA0001: '運営',
  LB0001: 'ログインボーナス',
  PU0001: '購入',
  CP0001: 'キャンペーン',
};

const PRODUCT_KINDS: Record<EventOf<'purchase.completed'>['data']['kind'], string> = {
  character: 'キャラクター',
  subscription: 'サブスクリプション',
  tickets: 'トークチケット',
  points: 'ポイント',
};

const CANCELED_BY: Record<EventOf<'purchase.canceled'>['data']['by'], string> = {
  user: 'ユーザー',
  admin: '運営',
  system: 'システム',
};

export const LoginMessages = {
  login: 'ログイン',
  relogin: '再ログイン（前回から48時間以内）',
  registered: '会員登録',
} as const;

export const ticketGranted = (d: EventOf<'ticket.granted'>['data']): string =>
  `トークチケットを${d.count}枚付与しました（${TICKET_SOURCES[d.source]}）`;
export const ticketUsed = (d: EventOf<'ticket.used'>['data']): string => `トークチケットを${d.count}枚使用しました`;
export const ticketExpired = (d: EventOf<'ticket.expired'>['data']): string =>
  `トークチケット${d.count}枚が有効期限切れになりました`;
export const ticketRemoved = (d: EventOf<'ticket.removed'>['data']): string =>
  `トークチケットを${d.count}枚取り消しました（${d.reason}）`;

export const pointsGranted = (d: EventOf<'points.granted'>['data']): string =>
  `${d.points}ポイントを付与しました（${POINT_SOURCES[d.code] ?? d.code}）`;
export function pointsUsed(d: EventOf<'points.used'>['data']): string {
  if (d.code === 'MA0009') return `${d.points}ポイントを取り消しました（運営）`;
  if (d.code === 'LP0001') return `${d.points}ポイントが有効期限切れになりました`;
  return `${d.points}ポイントを使用しました`;
}

const FINISH_REASONS = { payment_failed: '決済失敗', canceled: '解約', account_deleted: 'アカウント削除' } as const;

export const subscriptionMessages = {
  'subscription.started': (d: EventOf<'subscription.started'>['data']) =>
    `サブスクリプションを${d.event === 'resubscribe' ? '再開' : '開始'}しました（${d.product_code}）`,
  'subscription.renewed': (d: EventOf<'subscription.renewed'>['data']) =>
    `サブスクリプションを更新しました（第${d.period}期・${d.amount}円）`,
  'subscription.canceled': (d: EventOf<'subscription.canceled'>['data']) =>
    `サブスクリプションを解約しました（${d.product_code}、期間終了まで利用できます）`,
  'subscription.changed': (d: EventOf<'subscription.changed'>['data']) =>
    `サブスクリプションのプランを変更しました（${d.product_code}）`,
  'subscription.finished': (d: EventOf<'subscription.finished'>['data']) =>
    `サブスクリプションが終了しました（${FINISH_REASONS[d.reason]}）`,
  'subscription.renewal_failed': (d: EventOf<'subscription.renewal_failed'>['data']) =>
    `サブスクリプションの更新の決済に失敗しました（第${d.period}期・${d.attempt}回目${d.retry_at ? '、再試行予定' : '、終了'}）`,
} as const;

export const purchaseCompleted = (d: EventOf<'purchase.completed'>['data']): string =>
  `${d.amount}円の購入が完了しました（${PRODUCT_KINDS[d.kind]}）`;
export const purchaseCanceled = (d: EventOf<'purchase.canceled'>['data']): string =>
  `${d.amount}円の購入を取り消しました（${CANCELED_BY[d.by]}による取消）`;
