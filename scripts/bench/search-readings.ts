// The embedded search of dialogue's block index by reading and dictionary form
// (the analyser dialogue holds, loaded on the first search of an index that
// asks for readings) against the same index by surface only: search time per
// utterance of the recognition test set (p95), how many utterances find a
// block at all, and the first search (analyser load and reading index build).
// In `npm run bench`; alone with `node scripts/bench/search-readings.ts`.
import { performance } from 'node:perf_hooks';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { createLocalSearch } from '@talkwith/platform/search';
import type { FieldKind, SearchIndex } from '@talkwith/platform';
import { loadReadingForms } from '../../services/dialogue/src/recognition/understanding/index.ts';
import {
  loadRecognitionSet,
  type RecognitionCase,
} from '../../services/dialogue/src/recognition/understanding/recognition-set.ts';
import { percentile } from './load.ts';
import { printAlone, type BenchRow } from './table.ts';

/** The reply-latency budget for matching that needs a reading: p95 ≤ +50 ms over a literal hit. */
const GOAL_EXTRA_P95_MS = 50;
const ROUNDS = 5;
const MAPPING: Record<string, FieldKind> = { character_id: 'keyword', block_id: 'keyword', text: 'text' };

/**
 * Every utterance ROUNDS times: the time of each search, how many utterances found a block in the first round,
 * and how many of those the set says must match nothing (kind nomatch).
 */
async function timeSearches(search: SearchIndex, index: string, cases: RecognitionCase[]) {
  const times: number[] = [];
  let found = 0;
  let foundNoMatch = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const { text, kind } of cases) {
      const start = performance.now();
      const { total } = await search.search(index, { text, fields: ['text'] });
      times.push(performance.now() - start);
      if (round > 0 || total === 0) continue;
      found += 1;
      if (kind === 'nomatch') foundNoMatch += 1;
    }
  }
  return { times, found, foundNoMatch };
}

export async function benchSearchReadings(): Promise<BenchRow[]> {
  const search = await createLocalSearch();
  search.useReadings(loadReadingForms);
  await search.ensureIndex('surface', MAPPING);
  await search.ensureIndex('readings', MAPPING, { readings: true });
  for (const b of demoCharacter.blocks) {
    const doc = {
      character_id: 'demo',
      block_id: b.id,
      text: [b.title, ...b.hit_words.flatMap((h) => h.words)].join(' '),
    };
    await search.upsert('surface', b.id, doc);
    await search.upsert('readings', b.id, doc);
  }
  const cases = loadRecognitionSet();
  const noMatch = cases.filter((c) => c.kind === 'nomatch').length;
  const start = performance.now();
  await search.search('readings', { text: cases[0]!.text });
  const first = performance.now() - start;
  const surface = await timeSearches(search, 'surface', cases);
  const readings = await timeSearches(search, 'readings', cases);
  const extra = percentile(readings.times, 95) - percentile(surface.times, 95);
  return [
    {
      name: `block search by reading p95 (${readings.times.length} searches; baseline surface only)`,
      value: percentile(readings.times, 95),
      unit: 'ms',
      baseline: percentile(surface.times, 95),
      goal: `≤ baseline + ${GOAL_EXTRA_P95_MS} ms`,
      pass: extra <= GOAL_EXTRA_P95_MS,
    },
    {
      name: `utterances finding a block (${cases.length}; baseline surface only)`,
      value: readings.found,
      unit: 'utterances',
      baseline: surface.found,
    },
    {
      name: `utterances that must match nothing finding a block (${noMatch}; baseline surface only)`,
      value: readings.foundNoMatch,
      unit: 'utterances',
      baseline: surface.foundNoMatch,
    },
    { name: 'first search by reading (analyser load, reading index build)', value: first, unit: 'ms' },
  ];
}

if (import.meta.main) await printAlone(benchSearchReadings);
