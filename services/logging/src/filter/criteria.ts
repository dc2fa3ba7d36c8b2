import type { AppError, Filter } from '@talkwith/platform';
import { LOG_TYPES, type LogExportQuery, type LogFilter, type LogType } from '@talkwith/proto/logging';
import { loggingErrors } from '../errors.ts';
import { japanDay, japanDayStart, MS_PER_DAY } from '../entries/japan-time.ts';

/** What entries are looked for, the same for the list, the export and (in part) the tail. */
export type Criteria = Omit<LogFilter, 'page' | 'limit'>;

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

function invalid(field: string): AppError {
  return loggingErrors.invalidField(field);
}

/** A bare day is a Japan day: `from` is its 00:00 JST; `to` includes the whole day (up to the next 00:00, excluded). */
function bound(field: 'from' | 'to', value: string): { op: '$gte' | '$lt' | '$lte'; at: string } {
  const bare = BARE_DAY.test(value);
  const start = bare ? japanDayStart(value) : Date.parse(value);
  // A day that does not come back as itself (2025-02-30) does not exist.
  if (Number.isNaN(start) || (bare && japanDay(start) !== value)) throw invalid(field);
  const ms = bare && field === 'to' ? start + MS_PER_DAY : start;
  const at = new Date(ms).toISOString();
  if (field === 'from') return { op: '$gte', at };
  return { op: bare ? '$lt' : '$lte', at };
}

function createdAtRange(from: string | undefined, to: string | undefined): Record<string, string> | undefined {
  if (from === undefined && to === undefined) return undefined;
  const range: Record<string, string> = {};
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value === undefined) continue;
    const { op, at } = bound(field, value);
    range[op] = at;
  }
  return range;
}

/** The text as a literal: an admin's `.*` or `(` matches those characters, never a pattern. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The store filter for the criteria (each one that is set narrows the list). */
export function storeFilter(criteria: Criteria): Filter {
  const filter: Filter = {};
  if (criteria.types) filter.type = { $in: [...criteria.types] };
  if (criteria.user_id !== undefined) filter.user_id = criteria.user_id;
  if (criteria.character_id !== undefined) filter.character_id = criteria.character_id;
  if (criteria.source !== undefined) filter.source = criteria.source;
  const range = createdAtRange(criteria.from, criteria.to);
  if (range) filter.created_at = range;
  if (criteria.text !== undefined) filter.message = { $regex: escapeRegExp(criteria.text), $options: 'i' };
  return filter;
}

/** The export's query as criteria: `types` comes comma separated, each one a known category. */
export function exportCriteria(query: LogExportQuery): Criteria {
  const { types, ...rest } = query;
  if (types === undefined) return rest;
  const list = [...new Set(types.split(','))];
  if (list.some((t) => !(LOG_TYPES as readonly string[]).includes(t))) throw invalid('types');
  return { ...rest, types: list as LogType[] };
}
