import {
  LOG_TYPES,
  type LogExportQuery,
  type LogFilter,
  type LogSource,
  type LogTailStart,
} from '@talkwith/proto/logging';

/** The criteria of a filter (proto's LogFilter without its paging): what the form edits and the address keeps. */
export type LogCriteria = Omit<LogFilter, 'page' | 'limit'>;

export const LOG_SOURCES: readonly LogSource[] = ['client', 'service', 'audit'];
/** Entries per page of the results table (the contract allows up to 500). */
export const LOG_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isLogSource = (value: string): value is LogSource => LOG_SOURCES.some((source) => source === value);
const within = (value: string | null | undefined, max: number): string | undefined => {
  const trimmed = value?.trim() ?? '';
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : undefined;
};

/**
 * Keeps only what the contract accepts, so a hand-edited address or a
 * half-typed form never turns into a 400: unknown types dropped, empty or
 * over-long texts left out, dates only as whole Japan days.
 */
export function cleanCriteria(raw: { [K in keyof LogCriteria]?: string | string[] | null }): LogCriteria {
  const typeList = Array.isArray(raw.types) ? raw.types : (raw.types ?? '').split(',');
  const types = LOG_TYPES.filter((type) => typeList.some((value) => value.trim() === type));
  const source = typeof raw.source === 'string' && isLogSource(raw.source) ? raw.source : undefined;
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);
  const text = (value: unknown, max: number) => within(typeof value === 'string' ? value : undefined, max);
  const userId = text(raw.user_id, 128);
  const characterId = text(raw.character_id, 128);
  const from = day(raw.from);
  const to = day(raw.to);
  const words = text(raw.text, 200);
  return {
    ...(types.length > 0 ? { types } : {}),
    ...(userId ? { user_id: userId } : {}),
    ...(characterId ? { character_id: characterId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(words ? { text: words } : {}),
    ...(source ? { source } : {}),
  };
}

/** The criteria and page an address holds (`?types=error,play&user_id=…&page=2`). */
export function criteriaOfParams(params: URLSearchParams): { criteria: LogCriteria; page: number } {
  const criteria = cleanCriteria({
    types: params.get('types'),
    user_id: params.get('user_id'),
    character_id: params.get('character_id'),
    from: params.get('from'),
    to: params.get('to'),
    text: params.get('text'),
    source: params.get('source'),
  });
  const page = Math.min(100_000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  return { criteria, page };
}

/** The address of the criteria: only the fields that are set, types comma separated, page only past the first. */
export function paramsOfCriteria(criteria: LogCriteria, page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(exportQuery(criteria))) if (value !== undefined) params[name] = value;
  if (page > 1) params.page = String(page);
  return params;
}

/** POST filter's body: the known fields by name (a criteria object carrying anything else never reaches the server). */
export function filterBody(criteria: LogCriteria, page: number, limit = LOG_PAGE_SIZE): LogFilter {
  return { ...cleanCriteria(criteria), page, limit };
}

/** GET export's query: the same criteria, types comma separated. */
export function exportQuery(criteria: LogCriteria): LogExportQuery {
  const { types, ...query } = cleanCriteria(criteria);
  return { ...(types ? { types: types.join(',') } : {}), ...query };
}

/** The live tail's filter: the criteria a stream can follow (no dates, no text); undefined when nothing is set. */
export function tailFilter(criteria: LogCriteria): LogTailStart['filter'] {
  const { types, user_id, character_id, source } = cleanCriteria(criteria);
  const filter = cleanCriteria({ types, user_id, character_id, source });
  return Object.keys(filter).length > 0 ? filter : undefined;
}
