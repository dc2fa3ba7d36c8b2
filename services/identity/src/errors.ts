import { errorCatalogue } from '@talkwith/platform';
import { messages as httpMessages } from '@talkwith/platform/http';

/**
 * User-facing texts of the identity service. Japanese, as the product is for
 * Japanese-speaking consumers; SPEC.md §8 fixes the rate-limit wording.
 */
export const messages = {
  loginRateLimited: 'ログインの試行回数が多すぎます。しばらく時間をおいてから再度お試しください。',
  loginFailed: 'メールアドレスまたはパスワードが正しくありません。',
  emailNotConfirmed: 'メールアドレスの確認が完了していません。確認メールのリンクを開いてください。',
  emailTaken: 'このメールアドレスはすでに登録されています。',
  tokenInvalid: 'リンクが無効か、有効期限が切れています。もう一度お手続きください。',
  currentPasswordWrong: '現在のパスワードが正しくありません。',
  passwordLength: 'パスワードは8文字以上30文字以内で入力してください。',
  passwordCharset: 'パスワードには半角英数字と記号のみ使用できます。',
  passwordLetterDigit: 'パスワードには英字と数字をそれぞれ1文字以上含めてください。',
  sessionExpired: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  userNotFound: 'ユーザーが見つかりません。',
  csrf: '不正なリクエストです。ページを再読み込みしてください。',
  currentPasswordRateLimited:
    '現在のパスワードの入力に続けて失敗したため、一時的に操作を制限しています。しばらく時間をおいてから再度お試しください。',
  resendRateLimited: '確認メールの再送信の回数が多すぎます。しばらく時間をおいてから再度お試しください。',
  guardianConsentRequired:
    '未成年の方は、保護者（親権者）の同意を得たうえでご登録ください。保護者の同意欄にチェックを入れてください。',
  busy: 'ただいまアクセスが集中しています。しばらく時間をおいてから再度お試しください。',
  lastAdmin: '管理者が1人もいなくなるため、この操作はできません。先に別の管理者を追加してください。',
  alreadyOperator: 'このユーザーはすでに管理者です。',
  inviteUnconfirmed: 'このメールアドレスのアカウントはメールアドレスの確認が完了していないため、管理者にできません。',
  operatorNotFound: '管理者が見つかりません。',
  accountSuspended: 'このアカウントは利用停止中のため、ログインできません。お問い合わせフォームからご連絡ください。',
  alreadySuspended: 'このアカウントはすでに利用停止中です。',
  selfSuspend: 'ご自身のアカウントは利用停止にできません。',
} as const;

/** Log-in refusals: SPEC's LoginResult body (not the error shape), the status following from the code here. */
export const loginRefusalStatus = {
  LOGIN_RATE_LIMITED: 429,
  LOGIN_FAILED: 401,
  EMAIL_NOT_CONFIRMED: 403,
  ACCOUNT_SUSPENDED: 403,
} as const;
export type LoginRefusal = keyof typeof loginRefusalStatus;

const fail = errorCatalogue(loginRefusalStatus);

/**
 * Every refusal identity throws, by name: code, message and (through the code)
 * status are decided here once; domain code never picks an HTTP status.
 */
export const identityErrors = {
  userNotFound: () => fail('NOT_FOUND', messages.userNotFound),
  emailTaken: (field: 'email' | 'new_email') => fail('CONFLICT', messages.emailTaken, { field }),
  tokenInvalid: () => fail('VALIDATION_FAILED', messages.tokenInvalid, { field: 'token' }),
  currentPasswordWrong: (field: 'password' | 'currentPassword') =>
    fail('VALIDATION_FAILED', messages.currentPasswordWrong, { field }),
  /** A password-policy problem (password-policy.ts) or another field-level refusal, its message given. */
  invalidField: (message: string, field: string) => fail('VALIDATION_FAILED', message, { field }),
  guardianConsentRequired: () =>
    fail('VALIDATION_FAILED', messages.guardianConsentRequired, { field: 'guardian_consent' }),
  sessionExpired: () => fail('UNAUTHENTICATED', messages.sessionExpired),
  /** A body's user_id that names someone else. */
  notTheCaller: () => fail('FORBIDDEN', httpMessages.forbidden),
  csrf: () => fail('FORBIDDEN', messages.csrf, { body: { csrf: true } }),
  hashPoolBusy: () => fail('UNAVAILABLE', messages.busy, { expose: true, headers: { 'retry-after': '1' } }),
  hashPoolClosed: () => fail('UNAVAILABLE', 'the password hash pool is closed'),
  lastAdmin: () => fail('CONFLICT', messages.lastAdmin),
  alreadyOperator: () => fail('CONFLICT', messages.alreadyOperator, { field: 'email' }),
  inviteUnconfirmed: () => fail('CONFLICT', messages.inviteUnconfirmed, { field: 'email' }),
  operatorNotFound: () => fail('NOT_FOUND', messages.operatorNotFound),
  alreadySuspended: () => fail('CONFLICT', messages.alreadySuspended),
  selfSuspend: () => fail('CONFLICT', messages.selfSuspend),
};
