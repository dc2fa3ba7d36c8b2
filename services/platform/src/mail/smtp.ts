import nodemailer from 'nodemailer';
import type { Mailer, SentMail } from '../ports/mail.ts';
import { assertValidMessage, clampLimit, sortableMailId } from './message.ts';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port (smtps:// for implicit TLS). */
  url: string;
  from: string;
}

/** How many sent messages this process remembers for recent(). */
const REMEMBERED = 500;

/** Delivers through an SMTP server; recent() lists what this process sent. */
export async function createSmtpMailer(options: SmtpMailerOptions): Promise<Mailer> {
  const transport = nodemailer.createTransport(options.url);
  const sent: SentMail[] = [];

  return {
    async send(message) {
      assertValidMessage(message);
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
      });
      const now = Date.now();
      const record: SentMail = {
        id: typeof info.messageId === 'string' && info.messageId !== '' ? info.messageId : sortableMailId(now),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        sentAt: new Date(now).toISOString(),
      };
      sent.unshift(record);
      if (sent.length > REMEMBERED) sent.length = REMEMBERED;
      return record;
    },
    async recent(query = {}) {
      const matching = query.to === undefined ? sent : sent.filter((mail) => mail.to === query.to);
      return matching.slice(0, clampLimit(query.limit)).map((mail) => ({ ...mail }));
    },
    async ping() {
      await transport.verify();
    },
    async close() {
      transport.close();
    },
  };
}
