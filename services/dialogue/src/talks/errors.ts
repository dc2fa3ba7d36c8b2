import { AppError } from '@talkwith/platform';

/** The talks area's refusals (API.md § Talks), with the customer-facing Japanese messages. */
export const talkErrors = {
  forbiddenUser: () => new AppError('FORBIDDEN_USER', '他のユーザーの会話は操作できません。', { status: 403 }),
  talkNotFound: () => new AppError('TALK_NOT_FOUND', '会話が見つかりません。', { status: 404 }),
  alreadyReplied: () => new AppError('TALK_ALREADY_REPLIED', 'この会話はすでに始まっているため、チケットは戻せません。', { status: 409 }),
  released: () => new AppError('TALK_RELEASED', 'この会話は終了しています。もう一度はじめてください。', { status: 409 }),
  otherCharacter: () => new AppError('TALK_OTHER_CHARACTER', 'この会話は別のキャラクターとの会話です。', { status: 409 }),
  ticketUseTaken: () => new AppError('TICKET_USE_TAKEN', 'このチケットはすでに別の会話に使われています。', { status: 409 }),
  keyReused: () => new AppError('IDEMPOTENCY_KEY_REUSED', 'この Idempotency-Key は別の内容の依頼に使われています。', { status: 422 }),
  characterNotFound: () => new AppError('CHARACTER_NOT_FOUND', 'キャラクターが見つかりません。', { status: 404 }),
  /** Talk start (contract D3): a character that is not published. */
  talkCharacterNotFound: () => new AppError('NOT_FOUND', 'キャラクターが見つかりません。', { status: 404 }),
  ticketRequired: () => new AppError('TICKET_REQUIRED', 'このキャラクターと話すにはトークチケットが必要です。', { status: 402 }),
  ticketForbidden: () => new AppError('FORBIDDEN', 'このトークチケットは使えません。', { status: 403 }),
};

/** SPEC.md §7 bodies carry a user_id: accepted only when it names the caller. */
export function assertSelf(callerId: string, userId: string | undefined): void {
  if (userId !== undefined && userId !== callerId) throw talkErrors.forbiddenUser();
}
