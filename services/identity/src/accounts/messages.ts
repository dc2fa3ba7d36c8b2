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
  currentPasswordRateLimited: '現在のパスワードの入力に続けて失敗したため、一時的に操作を制限しています。しばらく時間をおいてから再度お試しください。',
  resendRateLimited: '確認メールの再送信の回数が多すぎます。しばらく時間をおいてから再度お試しください。',
  guardianConsentRequired: '未成年の方は、保護者（親権者）の同意を得たうえでご登録ください。保護者の同意欄にチェックを入れてください。',
  busy: 'ただいまアクセスが集中しています。しばらく時間をおいてから再度お試しください。',
  lastAdmin: '管理者が1人もいなくなるため、この操作はできません。先に別の管理者を追加してください。',
  alreadyOperator: 'このユーザーはすでに管理者です。',
  inviteUnconfirmed: 'このメールアドレスのアカウントはメールアドレスの確認が完了していないため、管理者にできません。',
  operatorNotFound: '管理者が見つかりません。',
  accountSuspended: 'このアカウントは利用停止中のため、ログインできません。お問い合わせフォームからご連絡ください。',
  alreadySuspended: 'このアカウントはすでに利用停止中です。',
  selfSuspend: 'ご自身のアカウントは利用停止にできません。',
} as const;
