import type { DocumentStore } from '@talkwith/platform';
import type { BlockInsightReply, InsightRangeQuery } from '@talkwith/proto/dialogue';
import { openTalks } from '../talks/model.ts';
import { computeFigures, type StepRow, type TalkEnding } from './figures.ts';
import { openInsightSteps } from './model.ts';
import { inPeriod, periodOf } from './period.ts';

/**
 * The block figures of a character over a period (API.md § Insight): an
 * index-backed range read of the period's steps ({character_id, at}), the
 * talks they belong to, and each talk's first step after the period (whether
 * it went on), aggregated in JS. Fine for a period's thousands of steps; a
 * store-side aggregation (or daily roll-ups) is the next step if it grows.
 */
export async function blockInsight(
  store: DocumentStore,
  characterId: string,
  query: InsightRangeQuery,
  now = new Date(),
): Promise<Omit<BlockInsightReply, 'ok'>> {
  const period = periodOf(query, now);
  const steps: StepRow[] = await openInsightSteps(store).find(
    { character_id: characterId, ...inPeriod(period) },
    { sort: { at: 1, _id: 1 }, projection: { block_id: 1, via: 1, match: 1, talk_id: 1, at: 1 } },
  );
  const talkIds = [...new Set(steps.flatMap((s) => (s.talk_id === null ? [] : [s.talk_id])))];
  const talks = await openTalks(store).find({ _id: { $in: talkIds } }, { projection: { status: 1, end_reason: 1 } });
  const later = await openInsightSteps(store).find(
    { talk_id: { $in: talkIds }, at: { $gte: period.until } },
    { sort: { at: 1, _id: 1 }, projection: { talk_id: 1, at: 1 } },
  );
  const nextAfter = new Map<string, string>();
  for (const step of later)
    if (step.talk_id !== null && !nextAfter.has(step.talk_id)) nextAfter.set(step.talk_id, step.at);
  const figures = computeFigures({
    steps,
    talks: new Map(talks.map((t): [string, TalkEnding] => [t._id, t])),
    nextAfter,
    now,
  });
  return { character_id: characterId, from: period.from, to: period.to, ...figures };
}
