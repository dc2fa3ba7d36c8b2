import type { Collection, SortSpec } from '@talkwith/platform';
import type { LogFilter, LogFilterReply } from '@talkwith/proto/logging';
import { toEntry, type LogDoc } from '../entries/model.ts';
import { storeFilter } from './criteria.ts';

/** Newest first; entries written in the same millisecond keep one order (by id), so pages never overlap. */
export const NEWEST_FIRST: SortSpec = { created_at: -1, _id: -1 };

/** One page of the entries matching the filter, with how many match in all. */
export async function listLogs(logs: Collection<LogDoc>, query: LogFilter): Promise<LogFilterReply> {
  const { page, limit, ...criteria } = query;
  const filter = storeFilter(criteria);
  const [docs, total] = await Promise.all([
    logs.find(filter, { sort: NEWEST_FIRST, skip: (page - 1) * limit, limit }),
    logs.countDocuments(filter),
  ]);
  return { ok: true, total, page, limit, logs: docs.map(toEntry) };
}
