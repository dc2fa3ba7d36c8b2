import type { Collection, Filter } from '@talkwith/platform';
import { toEntry, type LogDoc } from '../entries/model.ts';
import { writerOf } from '../entries/writer.ts';
import { NEWEST_FIRST } from '../filter/list.ts';
import { csvRow } from './csv.ts';

/** Rows read per query: large enough to amortise a query, small enough that a page is a few hundred kB. */
export const EXPORT_PAGE = 1000;
/**
 * Rows per chunk of the reply: ~20,000 characters (40 kB as a two-byte string),
 * below V8's large-object size of 128 kB. A 1,000-row chunk of Japanese text
 * was a ~190 kB string, allocated outside the young generation and freed only
 * by a full collection.
 */
const CHUNK_ROWS = 200;

/** The filter for the entries after `last` in newest-first order: keyset paging on (created_at, _id), index-backed at any depth. */
export function after(filter: Filter, last: LogDoc): Filter {
  return {
    $and: [
      filter,
      { created_at: { $lte: last.created_at } },
      { $or: [{ created_at: { $lt: last.created_at } }, { _id: { $lt: last._id } }] },
    ],
  };
}

export function readPage(logs: Collection<LogDoc>, filter: Filter, last?: LogDoc): Promise<LogDoc[]> {
  return logs.find(last ? after(filter, last) : filter, { sort: NEWEST_FIRST, limit: EXPORT_PAGE });
}

/**
 * The CSV body after the header, one chunk per page. A page is read only when
 * the reply stream asks for more (the consumer pulls), so however many rows
 * match, one page is in memory at a time.
 */
export async function* csvPages(logs: Collection<LogDoc>, filter: Filter, first: LogDoc[]): AsyncGenerator<string> {
  let page = first;
  while (page.length > 0) {
    for (let start = 0; start < page.length; start += CHUNK_ROWS)
      yield page
        .slice(start, start + CHUNK_ROWS)
        .map((doc) => csvRow(toEntry(doc), writerOf(doc)))
        .join('');
    if (page.length < EXPORT_PAGE) return;
    page = await readPage(logs, filter, page.at(-1));
  }
}
