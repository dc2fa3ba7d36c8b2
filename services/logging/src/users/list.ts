import type { DocumentStore, Filter } from '@talkwith/platform';
import type { LogUsersQuery, LogUsersReply } from '@talkwith/proto/logging';
import { logUserView, openLogUsers } from './model.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function filterOf(query: LogUsersQuery): Filter {
  const ids = query.ids ? { _id: { $in: query.ids.split(',') } } : {};
  const q = query.q?.trim();
  if (!q) return ids;
  return { ...ids, $or: [{ _id: q }, { email: { $regex: escape(q), $options: 'i' } }] };
}

/** The picker's accounts, most recently seen first; `ids` names the ones a page of logs shows. */
export async function listLogUsers(store: DocumentStore, query: LogUsersQuery): Promise<LogUsersReply> {
  const { page, limit } = query;
  const filter = filterOf(query);
  const users = openLogUsers(store);
  const [docs, total] = await Promise.all([
    users.find(filter, { sort: { seen_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
    users.countDocuments(filter),
  ]);
  return { ok: true, total, page, limit, users: docs.map(logUserView) };
}
