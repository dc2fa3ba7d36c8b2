import { errorCatalogue } from '@talkwith/platform';
import { serialMessages } from './serials/messages.ts';

/**
 * Every refusal of the engagement service (API.md): its stable codes, the
 * status each answers (decided here once) and the Japanese messages. Domain
 * code throws through these factories and never picks a status; the
 * platform's codes (VALIDATION_FAILED, NOT_FOUND, …) keep the platform's statuses.
 */
const fail = errorCatalogue({
  DANGLING_REFERENCE: 400,
  SERIAL_NOT_FOUND: 404,
  SERIAL_DEBUG_ONLY: 403,
  SERIAL_NOT_YET: 409,
  SERIAL_EXPIRED: 409,
  SERIAL_ALREADY_UNLOCKED: 409,
  SERIAL_USED: 409,
  CAMPAIGN_CLOSED: 409,
  CAMPAIGN_ENTERED: 409,
});

/** Texts a test or a caller compares against. */
export const messages = {
  replyNotSent: '返信メールを送信できませんでした。返信は記録されていません。しばらくしてから再度お試しください。',
} as const;

/** The notifications area (API.md § Notifications and news). */
export const notificationErrors = {
  notFound: () => fail('NOT_FOUND', 'お知らせが見つかりません。'),
  newsNotToAll: () =>
    fail('VALIDATION_FAILED', 'ニュースは全員宛てのお知らせにだけ設定できます。', { field: 'is_news' }),
  publishWindowOrder: () =>
    fail('VALIDATION_FAILED', '公開終了日時は公開開始日時より後にしてください。', { field: 'publish_until' }),
  nothingToMarkRead: () => fail('VALIDATION_FAILED', '既読にするお知らせを指定してください。', { field: 'ids' }),
};

/** The contacts area (API.md § Contacts). */
export const contactErrors = {
  notFound: () => fail('NOT_FOUND', 'お問い合わせが見つかりません。'),
  subjectLineBreak: () => fail('VALIDATION_FAILED', '件名に改行は使えません。', { field: 'subject' }),
  /** The reply mail could not be sent, so nothing was recorded: a 503 whose message the caller sees. */
  replyNotSent: (cause: unknown) => fail('UNAVAILABLE', messages.replyNotSent, { expose: true, cause }),
  emptyMessage: () => fail('VALIDATION_FAILED', 'お問い合わせ内容を入力してください。', { field: 'message' }),
  badEmail: () => fail('VALIDATION_FAILED', 'メールアドレスの形式が正しくありません。', { field: 'email' }),
};

/** The serials area (API.md § Serials); the texts are `serialMessages`. */
export const serialErrors = {
  notFound: () => fail('SERIAL_NOT_FOUND', serialMessages.notFound),
  debugOnly: () => fail('SERIAL_DEBUG_ONLY', serialMessages.debugOnly),
  notYet: () => fail('SERIAL_NOT_YET', serialMessages.notYet),
  expired: () => fail('SERIAL_EXPIRED', serialMessages.expired),
  alreadyUnlocked: () => fail('SERIAL_ALREADY_UNLOCKED', serialMessages.alreadyUnlocked),
  used: () => fail('SERIAL_USED', serialMessages.used),
  notYourself: () => fail('FORBIDDEN', serialMessages.notYourself),
  couponNotFound: () => fail('NOT_FOUND', serialMessages.couponNotFound),
  windowOrder: () => fail('VALIDATION_FAILED', serialMessages.windowOrder, { field: 'valid_until' }),
  characterUnpublished: (id: string) =>
    fail('DANGLING_REFERENCE', serialMessages.characterUnpublished(id), { field: 'character_id', body: { id } }),
  unknownBlock: (id: string) =>
    fail('DANGLING_REFERENCE', serialMessages.unknownBlock(id), { field: 'block_id', body: { id } }),
  badDay: (field: string) => fail('VALIDATION_FAILED', `入力内容に誤りがあります: ${field}`, { field }),
  rangeOrder: () => fail('VALIDATION_FAILED', serialMessages.rangeOrder, { field: 'end' }),
};

/** The campaigns area (API.md § Campaigns). */
export const campaignErrors = {
  notFound: () => fail('NOT_FOUND', 'キャンペーンが見つかりません。'),
  periodOrder: () => fail('VALIDATION_FAILED', '終了日時は開始日時より後にしてください。', { field: 'ends_at' }),
  titleRequired: () => fail('VALIDATION_FAILED', 'タイトルを入力してください。', { field: 'title' }),
  notYourself: () => fail('FORBIDDEN', 'ほかのアカウントでキャンペーンに参加することはできません。'),
  closed: () => fail('CAMPAIGN_CLOSED', 'このキャンペーンは現在参加できません。'),
  alreadyEntered: () => fail('CAMPAIGN_ENTERED', 'このキャンペーンにはすでに参加しています。'),
};
