import { AppError, errorCatalogue, isAppError } from '@talkwith/platform';

/**
 * Every refusal of the billing service (API.md): its stable codes, the status
 * each answers (decided here once) and the Japanese messages. Domain code
 * throws through these factories and never picks a status; the platform's
 * codes (VALIDATION_FAILED, NOT_FOUND, CONFLICT, …) keep the platform's statuses.
 */
const fail = errorCatalogue({
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_UNAVAILABLE: 409,
  PURCHASE_STATE: 409,
  SUBSCRIPTION_STATE: 409,
  ALREADY_OWNED: 409,
  CARD_NOT_FOUND: 404,
  CARD_IN_USE: 409,
  PAYMENT_DECLINED: 402,
  /** Accepted, the provider's verdict still to come (a 3-D Secure step). */
  PAYMENT_PENDING: 202,
  PAYMENT_UNKNOWN: 503,
  SPENDING_CAP: 403,
  /** A spend or an operator's cancel beyond the balance; a customer's points use answers 402 (paymentRequiredWhenShort). */
  INSUFFICIENT_TICKETS: 409,
  INSUFFICIENT_POINTS: 409,
});

/** Texts also sent in replies that are not refusals (a 202 pending answer). */
export const messages = {
  purchaseDeclined: 'カードが承認されませんでした。別のカードをお試しください。',
  purchasePending: '決済の結果を確認しています。しばらくしてから購入履歴をご確認ください。',
  subscriptionDeclined: 'カードでのお支払いができませんでした。別のカードでお試しください。',
  subscriptionPending: 'お支払いの結果を確認しています。少し待ってから同じ操作をもう一度お試しください。',
} as const;

const cardUnreadable = 'カード情報を確認できませんでした。もう一度入力してください。';
const paymentInProgress = 'お支払いを処理中です。少し待ってからもう一度お試しください。';

/** Who may act, and the idempotency rules every money-moving call keeps (API.md § Rules every route keeps). */
export const callErrors = {
  userNotFound: () => fail('NOT_FOUND', 'ユーザーが見つかりません。'),
  notTheCaller: () => fail('FORBIDDEN', '他の利用者の情報は扱えません。'),
  userIdMismatch: () => fail('VALIDATION_FAILED', 'user_id が一致しません。', { field: 'user_id' }),
  keyRequired: () =>
    fail('IDEMPOTENCY_KEY_REQUIRED', 'Idempotency-Key ヘッダーを付けてください。', { field: 'idempotency-key' }),
  keyReused: () => fail('IDEMPOTENCY_KEY_REUSED', 'この Idempotency-Key は別の内容の依頼に使われています。'),
  /** A minor's monthly cap (§ Minors); `what` is the act refused, `month` the month it resets on. */
  spendingCap: (cap: number, spent: number, what: '購入' | 'お支払い', month: number, resetsAt: string) =>
    fail(
      'SPENDING_CAP',
      `未成年のお客様の1か月のご利用上限（${yen(cap)}円）を超えるため${what}できません。${month}月1日にリセットされます。`,
      { body: { cap, spent, resets_at: resetsAt } },
    ),
};

const yen = (amount: number) => amount.toLocaleString('ja-JP');

/** Wallets, tickets and points (API.md § Ledger), and the catalog facts they are priced by (§ Catalog facts). */
export const ledgerErrors = {
  insufficientTickets: () => fail('INSUFFICIENT_TICKETS', 'トークチケットが足りません。'),
  insufficientPoints: () => fail('INSUFFICIENT_POINTS', 'ポイントが足りません。'),
  walletMissing: () => fail('INTERNAL', 'wallet upsert returned nothing'),
  notPositive: (asset: 'tickets' | 'points') =>
    fail(
      'VALIDATION_FAILED',
      asset === 'tickets' ? 'チケット数は1以上の整数で指定してください。' : 'ポイントは1以上の整数で指定してください。',
    ),
  characterNotFound: () => fail('VALIDATION_FAILED', 'キャラクターが見つかりません。', { field: 'character_id' }),
  actionNotForPoints: () =>
    fail('VALIDATION_FAILED', 'このアクションはポイントでは使えません。', { field: 'action_code' }),
  actionPriceChanged: (points: number) =>
    fail(
      'VALIDATION_FAILED',
      `このアクションに使うポイントは${points}ポイントです。画面を更新してもう一度お試しください。`,
      { field: 'points' },
    ),
  groupNotFound: (field: string) => fail('NOT_FOUND', 'グループが見つかりません。', { field }),
  groupNotSold: (name: string, field: string) =>
    fail('PRODUCT_UNAVAILABLE', `グループ「${name}」のプランは現在販売していません。`, { field }),
};

/** Products, purchases, refunds, receipts and cards (API.md § Purchases, § Receipts). */
export const purchaseErrors = {
  productNotFound: () => fail('PRODUCT_NOT_FOUND', '商品が見つかりません。'),
  productUnavailable: () => fail('PRODUCT_UNAVAILABLE', 'この商品は現在販売していません。'),
  konbiniUnavailable: () =>
    fail('PRODUCT_UNAVAILABLE', 'コンビニ決済は現在ご利用いただけません。カードでお支払いください。'),
  tokenOrCard: () =>
    fail('VALIDATION_FAILED', 'カードのトークンか保存済みカードのどちらか一方を指定してください。', { field: 'token' }),
  mpiNoneNeedsSavedCard: () =>
    fail('VALIDATION_FAILED', '3-D Secure なしの決済は保存済みカードでのみ行えます。', { field: 'mpi' }),
  notFound: () => fail('NOT_FOUND', '購入が見つかりません。'),
  declined: (purchase: unknown) => fail('PAYMENT_DECLINED', messages.purchaseDeclined, { body: { purchase } }),
  cardNotReusable: () => fail('PURCHASE_STATE', 'この購入のカードでは再決済できません。'),
  alreadyOwned: () => fail('ALREADY_OWNED', 'このキャラクターはすでに購入済みです。'),
  purchaseInProgress: () =>
    fail('PURCHASE_STATE', 'このキャラクターの購入手続きが進行中です。しばらくしてからお試しください。'),
  userAlreadyOwns: () => fail('ALREADY_OWNED', 'この利用者はこのキャラクターをすでに持っています。'),
  cancelByContactOnly: () => fail('FORBIDDEN', '購入の取り消しはお問い合わせフォームからご依頼ください。'),
  notRefundable: () => fail('PURCHASE_STATE', 'この購入は返金できる状態ではありません。'),
  refundTooLarge: (left: number) => fail('PURCHASE_STATE', `返金額が返金できる金額（${left}円）を超えています。`),
  refundRefusedByProvider: () =>
    fail('PURCHASE_STATE', 'カード会社が返金を受け付けませんでした。決済の状態をご確認ください。'),
  refundRunning: () => fail('CONFLICT', '返金を処理しています。しばらくしてから結果をご確認ください。'),
  refundInFlight: () => fail('CONFLICT', 'この購入の返金を処理しています。しばらくしてからお試しください。'),
  refundUnknown: () =>
    fail('PAYMENT_UNKNOWN', '返金の結果を確認しています。しばらくしてから購入履歴をご確認ください。', { expose: true }),
  receiptUnpaid: () => fail('PURCHASE_STATE', 'お支払いが完了していないため、領収書は発行できません。'),
  challengeNotFound: () => fail('NOT_FOUND', '認証する取引が見つかりません。'),
  cardNotFound: () => fail('CARD_NOT_FOUND', 'カードが見つかりません。'),
  cardRefused: (cause: unknown) => fail('VALIDATION_FAILED', cardUnreadable, { field: 'token', cause }),
  /** `names` are the plans' quoted, joined names (「a」、「b」). */
  cardInUse: (names: string, subscriptionIds: readonly string[]) =>
    fail(
      'CARD_IN_USE',
      `このカードはご契約中の${names}のお支払いに使われているため削除できません。先にプランのカードを変更するか、代わりのカードを選んでください。`,
      { field: 'card_id', body: { subscription_ids: subscriptionIds } },
    ),
};

/** Subscriptions: subscribe, manage, card change, operators' edits (API.md § Subscriptions). */
export const subscriptionErrors = {
  notFound: () => fail('NOT_FOUND', 'ご契約が見つかりません。', { field: 'subscription_id' }),
  notYours: () => fail('FORBIDDEN', '他の利用者のご契約は操作できません。'),
  /** The state machine refuses `event` from `status`; the message is the state table's (state.ts). */
  refused: (message: string, status: string, event: string) =>
    fail('SUBSCRIPTION_STATE', message, { body: { status, event } }),
  raced: () => fail('SUBSCRIPTION_STATE', 'ご契約の状態が変わりました。画面を更新してもう一度お試しください。'),
  endedCannotResume: (status: string, event: string) =>
    fail('SUBSCRIPTION_STATE', '終了したご契約は再開できません。新しく登録してください。', { body: { status, event } }),
  changedConcurrently: () => fail('CONFLICT', 'ご契約が同時に変更されました。もう一度お試しください。'),
  chargeInProgress: () => fail('CONFLICT', 'このご契約はお支払いの処理中です。'),
  paymentInProgress: () => fail('CONFLICT', paymentInProgress),
  challengeInProgress: () =>
    fail(
      'CONFLICT',
      '3-Dセキュア認証の途中のお支払いがあります。認証を終えるか、30分ほどしてからもう一度お試しください。',
    ),
  declined: (subscriptionId: string) =>
    fail('PAYMENT_DECLINED', messages.subscriptionDeclined, { body: { subscription_id: subscriptionId } }),
  pending: (subscriptionId: string) =>
    fail('PAYMENT_PENDING', messages.subscriptionPending, { body: { subscription_id: subscriptionId } }),
  chargeNotFound: () => fail('NOT_FOUND', 'ご契約のお支払いが見つかりません。', { field: 'order_id' }),
  groupRequired: () => fail('VALIDATION_FAILED', 'グループプランにはグループの指定が必要です。', { field: 'group_id' }),
  groupNotAllowed: () => fail('VALIDATION_FAILED', 'このプランにはグループを指定できません。', { field: 'group_id' }),
  groupNotChangeable: () => fail('VALIDATION_FAILED', 'このプランはグループを変更できません。', { field: 'groupId' }),
  cardRequired: () => fail('VALIDATION_FAILED', 'カードを指定してください。', { field: 'card_id' }),
  noSavedCard: () => fail('CARD_NOT_FOUND', 'お支払いに使うカードを登録してください。', { field: 'card_id' }),
  tokenOnlyForChangeCard: () =>
    fail(
      'VALIDATION_FAILED',
      '新しいカードのトークンは change_card でのみ、保存済みカードの指定なしで送ってください。',
      { field: 'token' },
    ),
  periodEndPast: () => fail('VALIDATION_FAILED', '終了日時は未来の日時を指定してください。', { field: 'period_end' }),
  nothingToChange: () =>
    fail('VALIDATION_FAILED', '変更する項目（状態・終了日時・グループ）を指定してください。', { field: 'status' }),
  cardCheckDeclined: () => fail('PAYMENT_DECLINED', 'このカードを確認できませんでした。別のカードでお試しください。'),
  cardCheckInProgress: () =>
    fail(
      'CONFLICT',
      'カードの確認（3-Dセキュア認証）の途中です。認証を終えるか、30分ほどしてからもう一度お試しください。',
    ),
  cardCheckNotFound: () => fail('NOT_FOUND', 'カードの確認が見つかりません。', { field: 'order_id' }),
  cardRefused: (cause: unknown) => fail('VALIDATION_FAILED', cardUnreadable, { field: 'token', cause }),
};

/** Cancellation reasons and their statistics (API.md § Cancellation reasons). */
export const cancelReasonErrors = {
  notFound: () => fail('NOT_FOUND', '解約理由が見つかりません。'),
  duplicate: () => fail('CONFLICT', '同じ解約理由がすでにあります。', { field: 'label' }),
  labelRequired: () => fail('VALIDATION_FAILED', '解約理由を入力してください。', { field: 'label' }),
  chooseAgain: () => fail('VALIDATION_FAILED', '解約理由を選び直してください。', { field: 'reason_id' }),
  noSuchDay: (field: string) => fail('VALIDATION_FAILED', '存在しない日付です。', { field }),
  rangeOrder: () => fail('VALIDATION_FAILED', '開始日は終了日以前の日付を指定してください。', { field: 'from' }),
  rangeTooLong: () => fail('VALIDATION_FAILED', '期間は366日以内で指定してください。', { field: 'from' }),
};

/**
 * POST /api/points/use: a customer's short balance answers 402 (payment
 * required: buy points), where an operator's cancel answers 409 for the same
 * code and message. For the route, after the domain call.
 */
export function paymentRequiredWhenShort(err: unknown): never {
  if (isAppError(err) && err.code === 'INSUFFICIENT_POINTS') throw new AppError(err.code, err.message, { status: 402 });
  throw err;
}
