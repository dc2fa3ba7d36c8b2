import type { Contact, ContactSummary } from '@talkwith/proto/engagement';
import type { ContactDoc } from './model.ts';

/** How much of the message a row of the admin list shows. */
export const EXCERPT_LENGTH = 200;

export function contactView(doc: ContactDoc): Contact {
  return {
    id: doc._id,
    channel: doc.channel,
    category: doc.category,
    status: doc.status,
    email: doc.email,
    name: doc.name,
    user_id: doc.user_id,
    message: doc.message,
    device: doc.device,
    character_id: doc.character_id,
    thread: doc.thread,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    receipt_sent_at: doc.receipt_sent_at,
  };
}

export function contactSummaryView(doc: ContactDoc): ContactSummary {
  return {
    id: doc._id,
    channel: doc.channel,
    category: doc.category,
    status: doc.status,
    email: doc.email,
    user_id: doc.user_id,
    // Cut by code points, not UTF-16 units: a surrogate pair (emoji) is never split in half.
    excerpt: Array.from(doc.message).slice(0, EXCERPT_LENGTH).join(''),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
