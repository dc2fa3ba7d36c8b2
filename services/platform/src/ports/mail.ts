export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (a support mailbox), when not the platform's MAIL_FROM: the From stays MAIL_FROM, the address the server is allowed to send as. */
  replyTo?: string;
}

export interface SentMail extends MailMessage {
  id: string;
  sentAt: string;
}

/**
 * Mail port. The outbox adapter keeps every message (admins read it in the
 * web client, so standalone mode needs no SMTP server); SMTP delivers.
 */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** Newest first. The outbox answers with what it keeps; SMTP with what it sent in this process. */
  recent(options?: { to?: string; limit?: number }): Promise<SentMail[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
