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

/** To a person an admin invited to operate the console: the link sets a password (the reset page) and confirms the address. */
export function inviteMail(base: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: '【TALK WITH】管理者への招待',
    text: `TALK WITH の管理画面の管理者として招待されました。\n以下のリンクを72時間以内に開いて、パスワードを設定してください。設定後、このメールアドレスでログインできます。\n\n${base}/password_reset/${token}${signature}`,
  };
}

export function emailChangeMail(base: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: '【TALK WITH】新しいメールアドレスの確認',
    text: `メールアドレス変更のお申し込みを受け付けました。\n以下のリンクを24時間以内に開くと、このアドレスへの変更が完了します。\n\n${base}/email_confirm/${token}?change=1${signature}`,
  };
}

/** To the owner of an address someone tried to sign up with; unconfirmed owners get a fresh confirmation link. */
export function signupAttemptMail(base: string, to: string, confirmToken: string | null): MailMessage {
  const confirm = confirmToken
    ? `\n\nまだメールアドレスの確認が完了していません。以下のリンクを24時間以内に開いて、確認を完了してください。\n\n${base}/email_confirm/${confirmToken}`
    : '';
  return {
    to,
    subject: '【TALK WITH】新規登録のお申し込みについて',
    text: `このメールアドレスで TALK WITH への新規登録のお申し込みがありましたが、このアドレスはすでに登録されています。\nご本人のお申し込みであれば、ログインしてご利用ください。パスワードをお忘れの場合は、以下から再設定できます。\n\n${base}/password_reset${confirm}\n\nお心当たりのない場合は、このメールを破棄してください。アカウントには何も変更されていません。${signature}`,
  };
}

/** To the owner of an address another account tried to change to; nothing changes. */
export function addressInUseMail(to: string): MailMessage {
  return {
    to,
    subject: '【TALK WITH】メールアドレス変更のお申し込みについて',
    text: `別のアカウントのメールアドレスをこのアドレスに変更するお申し込みがありましたが、このアドレスはすでに登録されているため、変更は行われませんでした。\nお心当たりのない場合は、このメールを破棄してください。お客様のアカウントには何も変更されていません。${signature}`,
  };
}

export function noticeMail(to: string, what: string): MailMessage {
  return {
    to,
    subject: `【TALK WITH】${what}のお知らせ`,
    text: `お客様のアカウントで${what}が行われました。\nお心当たりのない場合は、お問い合わせフォームからご連絡ください。${signature}`,
  };
}
