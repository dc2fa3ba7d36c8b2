import type { DocumentStore } from '@talkwith/platform';
import type { MatchedGroup, MatchedInsightQuery, MatchedInsightReply, MatchKind } from '@talkwith/proto/dialogue';
import { openInsightSteps } from './model.ts';
import { inPeriod, periodOf } from './period.ts';

/** The most recent understood steps read for one answer (as for unmatched utterances: a bound on the work). */
export const MAX_MATCHED_READ = 20_000;
const MAX_VARIANTS = 5;

/** An understood step as the grouping reads it (the tracker kept its text and what carried it). */
export interface MatchedRow {
  block_id: string;
  match: MatchKind;
  text: string;
  normalised: string;
  word: string | null;
  synonym: string | null;
  score: number | null;
  at: string;
}

interface Bucket {
  first: MatchedRow;
  count: number;
  variants: Map<string, number>;
  scores: number[];
  lastAt: string;
}

/** One group per utterance (normal form), block, way and word or synonym: a variant that carries traffic is a row. */
const keyOf = (row: MatchedRow) =>
  JSON.stringify([row.normalised, row.block_id, row.match, row.word ?? '', row.synonym ?? '']);

function toGroup(bucket: Bucket): MatchedGroup {
  const variants = [...bucket.variants]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([text, count]) => ({ text, count }));
  const { block_id, match, word, synonym } = bucket.first;
  const { scores } = bucket;
  return {
    text: variants[0]!.text,
    count: bucket.count,
    variants: variants.slice(0, MAX_VARIANTS),
    block_id,
    match,
    word,
    synonym,
    score:
      scores.length === 0
        ? null
        : { mean: scores.reduce((sum, s) => sum + s, 0) / scores.length, max: Math.max(...scores) },
    last_at: bucket.lastAt,
  };
}

const ORDER: Record<MatchedInsightQuery['sort'], (a: MatchedGroup, b: MatchedGroup) => number> = {
  count: (a, b) => b.count - a.count || b.last_at.localeCompare(a.last_at),
  count_asc: (a, b) => a.count - b.count || b.last_at.localeCompare(a.last_at),
  recent: (a, b) => b.last_at.localeCompare(a.last_at) || b.count - a.count,
};

/** Pure grouping and ordering of understood steps (ties: the text, so pages never overlap). */
export function groupMatched(rows: MatchedRow[], sort: MatchedInsightQuery['sort'] = 'count'): MatchedGroup[] {
  const buckets = new Map<string, Bucket>();
  for (const row of rows) {
    const key = keyOf(row);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = { first: row, count: 0, variants: new Map(), scores: [], lastAt: row.at }));
    bucket.count += 1;
    bucket.variants.set(row.text, (bucket.variants.get(row.text) ?? 0) + 1);
    if (row.score !== null) bucket.scores.push(row.score);
    if (row.at > bucket.lastAt) bucket.lastAt = row.at;
  }
  const order = ORDER[sort];
  return [...buckets.values()]
    .map(toGroup)
    .sort((a, b) => order(a, b) || a.text.localeCompare(b.text) || a.block_id.localeCompare(b.block_id));
}

/**
 * The understood utterances of a character over a period (steps the tracker
 * kept with their text: players that say how they matched), optionally of one
 * block or one way, grouped and paged. Index-backed range read ({character_id, at}).
 */
export async function matchedInsight(
  store: DocumentStore,
  characterId: string,
  query: MatchedInsightQuery,
  now = new Date(),
): Promise<Omit<MatchedInsightReply, 'ok'>> {
  const period = periodOf(query, now);
  const steps = await openInsightSteps(store).find(
    {
      character_id: characterId,
      ...inPeriod(period),
      normalised: { $exists: true },
      ...(query.block_id !== undefined ? { block_id: query.block_id } : {}),
      ...(query.match !== undefined ? { match: query.match } : { match: { $ne: null } }),
    },
    {
      sort: { at: -1, _id: 1 },
      limit: MAX_MATCHED_READ,
      projection: { block_id: 1, match: 1, text: 1, normalised: 1, word: 1, synonym: 1, score: 1, at: 1 },
    },
  );
  const rows = steps.map((s): MatchedRow => ({
    block_id: s.block_id,
    match: s.match!,
    text: s.text ?? '',
    normalised: s.normalised ?? '',
    word: s.word ?? null,
    synonym: s.synonym ?? null,
    score: s.score ?? null,
    at: s.at,
  }));
  const groups = groupMatched(rows, query.sort);
  const start = (query.page - 1) * query.per_page;
  return {
    character_id: characterId,
    from: period.from,
    to: period.to,
    steps: rows.length,
    total: groups.length,
    page: query.page,
    per_page: query.per_page,
    groups: groups.slice(start, start + query.per_page),
  };
}
