import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyser, Understanding } from '@talkwith/dialogue-engine/understanding';
import {
  literalBaseline,
  loadRecognitionSet,
  scoreSet,
  understandingMatcher,
  type KindScore,
} from './recognition-set.ts';

/** The accuracy goals of the recognition test set (figures: `npm run bench`). Accuracy, not timing. */
const GOAL_OVERALL = 0.95;
const GOAL_PER_KIND = 0.9;

let understanding: Understanding;
beforeAll(async () => {
  understanding = new Understanding(await loadAnalyser());
}, 30_000);

const accuracy = (s: KindScore) => s.correct / s.cases;

describe('recognition test set (services/dialogue/test-data/recognition-set.json)', () => {
  it('recognition set, as committed, holds at least 200 utterances of every kind the issue lists', () => {
    const cases = loadRecognitionSet();

    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cases.map((c) => c.kind))).toEqual(
      new Set(['literal', 'sentence', 'script', 'inflection', 'paraphrase', 'quirks', 'negation', 'nomatch']),
    );
  });

  it('understanding, over the set, meets 95 % overall and 90 % per kind with no kind of false positive worse than the literal matcher', () => {
    const cases = loadRecognitionSet();

    const scores = scoreSet(cases, understandingMatcher(understanding));
    const baseline = new Map(scoreSet(cases, literalBaseline).map((s) => [s.kind, s]));

    const overall = scores.find((s) => s.kind === 'overall')!;
    expect(accuracy(overall), overall.misses.join('\n')).toBeGreaterThanOrEqual(GOAL_OVERALL);
    for (const s of scores) {
      expect(accuracy(s), `${s.kind}: ${s.misses.join('; ')}`).toBeGreaterThanOrEqual(GOAL_PER_KIND);
      expect(s.falsePositives, `${s.kind} false positives`).toBeLessThanOrEqual(baseline.get(s.kind)!.falsePositives);
    }
  });

  it('literal matcher, over the same set, misses the goal (the set measures what the analysis adds)', () => {
    const overall = scoreSet(loadRecognitionSet(), literalBaseline).find((s) => s.kind === 'overall')!;

    expect(accuracy(overall)).toBeLessThan(GOAL_OVERALL);
  });
});
