import { type Filter, type Transaction } from '@talkwith/platform';
import { audited } from '@talkwith/platform/eventing';
import { PAGE_SIZE, type ContactListQuery, type ContactMessage, type ContactStatus } from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { openContacts, type ContactDoc } from './model.ts';
import { contactErrors } from '../errors.ts';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The admin list's filter: status, category, channel, and `q` as words of the address or the message, or the receipt number the sender quotes (literal text, not a pattern). */
export function contactFilter(query: ContactListQuery): Filter {
  const filter: Filter = {};
  if (query.status) filter['status'] = query.status;
  if (query.category !== undefined) filter['category'] = Number(query.category);
  if (query.channel) filter['channel'] = query.channel;
  const q = query.q?.trim();
  if (q) {
    const pattern = { $regex: escapeRegex(q), $options: 'i' };
    filter['$or'] = [{ email: pattern }, { message: pattern }, { receipt_number: pattern }];
  }
  return filter;
}

/** Newest first, PAGE_SIZE a page. */
export async function listContacts({ platform }: EngagementDeps, query: ContactListQuery) {
  const contacts = openContacts(platform.store);
  const filter = contactFilter(query);
  const page = query.page ?? 1;
  const [total, rows] = await Promise.all([
    contacts.countDocuments(filter),
    contacts.find(filter, { sort: { created_at: -1, _id: -1 }, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
  ]);
  return { rows, total, page, pages: Math.ceil(total / PAGE_SIZE) };
}

export async function contactById({ platform }: EngagementDeps, id: string): Promise<ContactDoc> {
  const contact = await openContacts(platform.store).findOne({ _id: id });
  if (!contact) throw contactErrors.notFound();
  return contact;
}

export async function setContactStatus(
  { platform }: EngagementDeps,
  adminId: string,
  id: string,
  status: ContactStatus,
): Promise<ContactDoc> {
  return audited(
    platform,
    { adminId },
    'engagement.contact_status',
    async (tx) => {
      const updated = await openContacts(tx).findOneAndUpdate(
        { _id: id },
        { $set: { status, updated_at: new Date().toISOString() } },
      );
      if (!updated) throw contactErrors.notFound();
      return updated;
    },
    (contact) => ({ contact_id: contact._id, status }),
    (contact) => contact.user_id ?? undefined,
  );
}

/** Appends a reply that was already mailed (reply.ts) and marks the contact answered. */
export async function recordReply(
  { platform }: EngagementDeps,
  adminId: string,
  id: string,
  message: ContactMessage,
): Promise<ContactDoc> {
  return audited(
    platform,
    { adminId },
    'engagement.contact_replied',
    async (tx) => {
      const updated = await openContacts(tx).findOneAndUpdate(
        { _id: id },
        { $push: { thread: message }, $set: { status: 'answered', updated_at: message.at } },
      );
      if (!updated) throw contactErrors.notFound();
      return updated;
    },
    (contact) => ({ contact_id: contact._id, status: 'answered' }),
    (contact) => contact.user_id ?? undefined,
  );
}

export async function deleteContact({ platform }: EngagementDeps, adminId: string, id: string): Promise<void> {
  await audited(
    platform,
    { adminId },
    'engagement.contact_deleted',
    async (tx) => {
      const contact = await openContacts(tx).findOne({ _id: id }, { projection: { user_id: 1 } });
      if (!contact) throw contactErrors.notFound();
      await openContacts(tx).deleteOne({ _id: id });
      return contact;
    },
    (contact) => ({ contact_id: contact._id }),
    (contact) => contact.user_id ?? undefined,
  );
}

/** `user.deleted`: the contacts stay for the support history, without the link to the account. */
export async function unlinkUser(tx: Transaction, userId: string): Promise<void> {
  await openContacts(tx).updateMany({ user_id: userId }, { $set: { user_id: null } });
}
