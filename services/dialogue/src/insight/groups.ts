import type { UnmatchedGroup } from '@talkwith/proto/dialogue';
import { nearDuplicates } from './normalise.ts';

/** Pure grouping of unmatched utterances: exact normal forms first, then near-duplicates merged into the larger group. */

export interface UnmatchedRow {
  block_id: string;
  text: string;
  normalised: string;
  at: string;
  best_score?: number;
  nearest_block_id?: string;
}

/** The closest a search or SPJ answer came for a group's utterances (null: none reported). */
interface NearMiss {
  score: number;
  block: string | null;
}

const nearMissOf = (row: UnmatchedRow): NearMiss | null =>
  row.best_score === undefined ? null : { score: row.best_score, block: row.nearest_block_id ?? null };

const closer = (a: NearMiss | null, b: NearMiss | null): NearMiss | null => (!a || (b && b.score > a.score) ? b : a);

interface Bucket {
  /** the normal form near-duplicates are compared with: the largest member's. */
  key: string;
  count: number;
  variants: Map<string, number>;
  blocks: Map<string, number>;
  lastAt: string;
  near: NearMiss | null;
}

const add = (counts: Map<string, number>, key: string, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);

function exactBuckets(rows: UnmatchedRow[]): Bucket[] {
  const buckets = new Map<string, Bucket>();
  for (const row of rows) {
    let bucket = buckets.get(row.normalised);
    if (!bucket)
      buckets.set(
        row.normalised,
        (bucket = {
          key: row.normalised,
          count: 0,
          variants: new Map(),
          blocks: new Map(),
          lastAt: row.at,
          near: null,
        }),
      );
    bucket.count += 1;
    add(bucket.variants, row.text);
    add(bucket.blocks, row.block_id);
    if (row.at > bucket.lastAt) bucket.lastAt = row.at;
    bucket.near = closer(bucket.near, nearMissOf(row));
  }
  return [...buckets.values()];
}

function absorb(into: Bucket, other: Bucket): void {
  into.count += other.count;
  for (const [text, count] of other.variants) add(into.variants, text, count);
  for (const [block, count] of other.blocks) add(into.blocks, block, count);
  if (other.lastAt > into.lastAt) into.lastAt = other.lastAt;
  into.near = closer(into.near, other.near);
}

const byCount = <K extends string>(counts: Map<string, number>, name: K) =>
  [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([key, count]) => ({ [name]: key, count }) as Record<K, string> & { count: number });

/**
 * Largest exact group first, each later one joins the first group it is a
 * near-duplicate of (else starts its own): O(groups²) comparisons of short
 * strings, fine for a period's few thousand distinct utterances.
 */
export function groupUnmatched(rows: UnmatchedRow[]): UnmatchedGroup[] {
  const exact = exactBuckets(rows).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const merged: Bucket[] = [];
  for (const bucket of exact) {
    const home = merged.find((m) => nearDuplicates(m.key, bucket.key));
    if (home) absorb(home, bucket);
    else merged.push(bucket);
  }
  return merged
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .map((b) => {
      const variants = byCount(b.variants, 'text');
      return {
        text: variants[0]!.text,
        count: b.count,
        variants,
        blocks: byCount(b.blocks, 'block_id'),
        last_at: b.lastAt,
        best_score: b.near?.score ?? null,
        nearest_block_id: b.near?.block ?? null,
      };
    });
}
