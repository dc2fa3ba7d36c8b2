// Understanding what people say (hit words by reading, base form and
// negation on the dialogue service): accuracy per kind over the recognition
// test set (services/dialogue/test-data/recognition-set.json), with today's
// literal matcher as the baseline in the same run; the analysis time per
// utterance (p95, the reply-latency cost on the server) against the literal
// matcher's; the analyser's resident memory and build time in a fresh process.
// Runs alone with `node scripts/bench/recognition-accuracy.ts`.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadAnalyser, Understanding } from '@talkwith/dialogue-engine/understanding';
import {
  literalBaseline,
  loadRecognitionSet,
  routeOf,
  scoreSet,
  understandingMatcher,
  type KindScore,
} from '../../services/dialogue/src/recognition/understanding/recognition-set.ts';
import { percentile } from './load.ts';
import { printAlone, type BenchRow } from './table.ts';

const GOAL_OVERALL = 95;
const GOAL_PER_KIND = 90;
/** The reply-latency budget for matching that needs a reading: p95 ≤ +50 ms over a literal hit. */
const GOAL_P95_MS = 50;
const ROUNDS = 20;
const MB = 1024 * 1024;

const percent = (s: KindScore) => (100 * s.correct) / s.cases;

function accuracyRows(ours: KindScore[], baseline: KindScore[]): BenchRow[] {
  return ours.flatMap((s, i) => {
    const base = baseline[i]!;
    const goal = s.kind === 'overall' ? GOAL_OVERALL : GOAL_PER_KIND;
    return [
      {
        name: `recognition accuracy: ${s.kind} (${s.cases} utterances; baseline literal)`,
        value: percent(s),
        unit: '%',
        baseline: percent(base),
        goal: `≥ ${goal} %`,
        pass: percent(s) >= goal,
      },
      {
        name: `recognition false positives: ${s.kind} (baseline literal)`,
        value: s.falsePositives,
        unit: 'utterances',
        baseline: base.falsePositives,
        goal: '≤ baseline',
        pass: s.falsePositives <= base.falsePositives,
      },
    ];
  });
}

/** Time of every utterance of the set, ROUNDS times: analysis and routing, against literal routing. */
function timings(understanding: Understanding): { ours: number[]; literal: number[] } {
  const cases = loadRecognitionSet();
  const ours: number[] = [];
  const literal: number[] = [];
  const match = understandingMatcher(understanding);
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      let t = performance.now();
      routeOf(c.block, match(c.text, c));
      ours.push(performance.now() - t);
      t = performance.now();
      routeOf(c.block, literalBaseline(c.text));
      literal.push(performance.now() - t);
    }
  }
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return { ours: sorted(ours), literal: sorted(literal) };
}

async function analyserMemory(): Promise<{ rssMb: number; buildMs: number }> {
  const child = join(import.meta.dirname, 'recognition-analyser-memory.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', child], { maxBuffer: MB });
  const m = JSON.parse(stdout) as { rssBefore: number; rssAfter: number; buildMs: number };
  return { rssMb: (m.rssAfter - m.rssBefore) / MB, buildMs: m.buildMs };
}

export async function benchRecognitionAccuracy(): Promise<BenchRow[]> {
  const understanding = new Understanding(await loadAnalyser());
  const cases = loadRecognitionSet();
  const ours = scoreSet(cases, understandingMatcher(understanding));
  const baseline = scoreSet(cases, literalBaseline);
  const time = timings(understanding);
  const memory = await analyserMemory();
  return [
    ...accuracyRows(ours, baseline),
    {
      name: `utterance analysis and routing p95 (${time.ours.length} utterances; baseline literal)`,
      value: percentile(time.ours, 95),
      unit: 'ms',
      baseline: percentile(time.literal, 95),
      goal: `≤ ${GOAL_P95_MS} ms`,
      pass: percentile(time.ours, 95) <= GOAL_P95_MS,
    },
    {
      name: 'utterance analysis and routing p99',
      value: percentile(time.ours, 99),
      unit: 'ms',
      baseline: percentile(time.literal, 99),
    },
    { name: 'analyser resident memory (kuromoji + IPADIC, fresh process)', value: memory.rssMb, unit: 'MB' },
    { name: 'analyser build on first use (fresh process)', value: memory.buildMs, unit: 'ms' },
  ];
}

if (import.meta.main) await printAlone(benchRecognitionAccuracy);
