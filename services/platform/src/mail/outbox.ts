import type { Mailer, SentMail } from '../ports/mail.ts';
import type { Doc, DocumentStore } from '../ports/store.ts';
import { assertValidMessage, clampLimit, sortableMailId } from './message.ts';

export interface OutboxMailerOptions {
  store: DocumentStore;
  from: string;
}

type OutboxDoc = Doc & Omit<SentMail, 'id'> & { from: string };

export const OUTBOX_COLLECTION = 'mail_outbox';

/**
 * Keeps every message in the document store instead of delivering it, so a
 * standalone install needs no SMTP server: admins read the outbox.
 */
export async function createOutboxMailer(options: OutboxMailerOptions): Promise<Mailer> {
  const outbox = options.store.collection<OutboxDoc>(OUTBOX_COLLECTION);
  await outbox.createIndex({ to: 1, sentAt: -1 }, { name: 'to_sentAt' });
  await outbox.createIndex({ sentAt: -1 }, { name: 'sentAt' });

  return {
    async send(message) {
      assertValidMessage(message);
      const now = Date.now();
      const doc: OutboxDoc = {
        _id: sortableMailId(now),
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        sentAt: new Date(now).toISOString(),
      };
      await outbox.insertOne(doc);
      return toSentMail(doc);
    },
    async recent(query = {}) {
      const filter = query.to === undefined ? {} : { to: query.to };
      const docs = await outbox.find(filter, { sort: { sentAt: -1, _id: -1 }, limit: clampLimit(query.limit) });
      return docs.map(toSentMail);
    },
    async ping() {
      await options.store.ping();
    },
    // The store belongs to the caller, who closes it.
    async close() {},
  };
}

function toSentMail(doc: OutboxDoc): SentMail {
  return {
    id: doc._id,
    to: doc.to,
    subject: doc.subject,
    text: doc.text,
    ...(doc.html === undefined ? {} : { html: doc.html }),
    ...(doc.replyTo === undefined ? {} : { replyTo: doc.replyTo }),
    sentAt: doc.sentAt,
  };
}
