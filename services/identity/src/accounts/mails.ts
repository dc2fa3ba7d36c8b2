import type { MailMessage } from '@talkwith/platform';

/** The mails the identity service sends, in Japanese. Links point at the web client's routes. */
const signature = '\n\n──\nTALK WITH サポート\nこのメールは送信専用です。お心当たりのない場合は破棄してください。';

export function confirmMail(base: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: '【TALK WITH】メールアドレスの確認',
    text: `TALK WITH にご登録いただきありがとうございます。\n以下のリンクを24時間以内に開いて、メールアドレスの確認を完了してください。\n\n${base}/email_confirm/${token}${signature}`,
  };
}

export function resetMail(base: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: '【TALK WITH】パスワードの再設定',
    text: `パスワード再設定のお申し込みを受け付けました。\n以下のリンクを30分以内に開いて、新しいパスワードを設定してください。\n\n${base}/password_reset/${token}${signature}`,
  };
}

export function emailChangeMail(base: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: '【TALK WITH】新しいメールアドレスの確認',
    text: `メールアドレス変更のお申し込みを受け付けました。\n以下のリンクを24時間以内に開くと、このアドレスへの変更が完了します。\n\n${base}/email_confirm/${token}${signature}`,
  };
}

export function noticeMail(to: string, what: string): MailMessage {
  return {
    to,
    subject: `【TALK WITH】${what}のお知らせ`,
    text: `お客様のアカウントで${what}が行われました。\nお心当たりのない場合は、お問い合わせフォームからご連絡ください。${signature}`,
  };
}
