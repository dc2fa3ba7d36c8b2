import { errorCatalogue } from '@talkwith/platform';

/**
 * Every refusal of the dialogue service (API.md): its stable codes, the status
 * each answers (decided here once) and the customer-facing Japanese messages.
 * Domain code throws through these factories and never picks a status.
 */
const fail = errorCatalogue({
  FORBIDDEN_USER: 403,
  TALK_NOT_FOUND: 404,
  TALK_ALREADY_REPLIED: 409,
  TALK_RELEASED: 409,
  TALK_OTHER_CHARACTER: 409,
  TICKET_USE_TAKEN: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  CHARACTER_NOT_FOUND: 404,
  TICKET_REQUIRED: 402,
  ACTION_NOT_FOUND: 404,
});

/** The talks area (API.md § Talks). */
export const talkErrors = {
  forbiddenUser: () => fail('FORBIDDEN_USER', '他のユーザーの会話は操作できません。'),
  talkNotFound: () => fail('TALK_NOT_FOUND', '会話が見つかりません。'),
  alreadyReplied: () => fail('TALK_ALREADY_REPLIED', 'この会話はすでに始まっているため、チケットは戻せません。'),
  released: () => fail('TALK_RELEASED', 'この会話は終了しています。もう一度はじめてください。'),
  otherCharacter: () => fail('TALK_OTHER_CHARACTER', 'この会話は別のキャラクターとの会話です。'),
  ticketUseTaken: () => fail('TICKET_USE_TAKEN', 'このチケットはすでに別の会話に使われています。'),
  keyReused: () => fail('IDEMPOTENCY_KEY_REUSED', 'この Idempotency-Key は別の内容の依頼に使われています。'),
  characterNotFound: () => fail('CHARACTER_NOT_FOUND', 'キャラクターが見つかりません。'),
  /** Talk start (contract D3): a character that is not published. */
  talkCharacterNotFound: () => fail('NOT_FOUND', 'キャラクターが見つかりません。'),
  ticketRequired: () => fail('TICKET_REQUIRED', 'このキャラクターと話すにはトークチケットが必要です。'),
  ticketForbidden: () => fail('FORBIDDEN', 'このトークチケットは使えません。'),
};

/** The insight area (API.md § Insight). */
export const insightErrors = {
  badDate: (field: string) => fail('VALIDATION_FAILED', `入力内容に誤りがあります: ${field}`, { field }),
  rangeOrder: () => fail('VALIDATION_FAILED', '開始日は終了日以前の日付を指定してください。', { field: 'from' }),
  rangeTooLong: () => fail('VALIDATION_FAILED', '期間は366日以内で指定してください。', { field: 'from' }),
  characterNotFound: () => fail('NOT_FOUND', '指定されたキャラクターが見つかりません。'),
};

/** The recognition area (API.md § Recognition); the §8 log messages are the engine's (`Messages`). */
export const recognitionErrors = {
  actionNotFound: () => fail('ACTION_NOT_FOUND', '指定されたアクションが見つかりません。'),
};

/** SPEC.md §7 bodies carry a user_id: accepted only when it names the caller. */
export function assertSelf(callerId: string, userId: string | undefined): void {
  if (userId !== undefined && userId !== callerId) throw talkErrors.forbiddenUser();
}
