import type { DocumentStore } from '@talkwith/platform';
import type { InsightCoverage, StepVia, UnmatchedInsightQuery, UnmatchedInsightReply } from '@talkwith/proto/dialogue';
import { classifierFor, type Classifier } from './classify.ts';
import { groupUnmatched } from './groups.ts';
import { openInsightSteps, openUnmatched } from './model.ts';
import { inPeriod, lastWeek, periodOf } from './period.ts';

/** Steps whose block an utterance found a route to. */
const MATCHED_VIA: StepVia[] = ['hitWord', 'search', 'score', 'valid'];
/** The most recent utterances read for one answer: a bound on the work of a public endpoint's data. */
export const MAX_UNMATCHED_READ = 20_000;

/**
 * The unmatched utterances of a character over a period, grouped (groups.ts),
 * optionally of one block; and the coverage of the last week (whole character).
 * Index-backed range reads ({character_id, at}), grouped in JS.
 */
export async function unmatchedInsight(
  store: DocumentStore,
  characterId: string,
  query: UnmatchedInsightQuery,
  now = new Date(),
): Promise<Omit<UnmatchedInsightReply, 'ok'>> {
  const period = periodOf(query, now);
  const classifier = await classifierFor(store, characterId);
  const rows = await openUnmatched(store).find(
    {
      character_id: characterId,
      ...inPeriod(period),
      ...(query.block_id !== undefined ? { block_id: query.block_id } : {}),
    },
    {
      sort: { at: -1, _id: 1 },
      limit: MAX_UNMATCHED_READ,
      projection: { block_id: 1, text: 1, normalised: 1, at: 1, best_score: 1, nearest_block_id: 1 },
    },
  );
  const locked = rows.filter((row) => classifier.isLocked(row.text));
  const understood = rows.filter((row) => !classifier.isLocked(row.text));
  const groups = groupUnmatched(understood).map((group) => ({
    ...group,
    resolved: classifier.isResolved(group.text),
  }));
  return {
    character_id: characterId,
    from: period.from,
    to: period.to,
    groups,
    locked_groups: groupUnmatched(locked),
    coverage: await coverageOf(store, characterId, now, classifier),
    recognition_version: classifier.version,
  };
}

async function coverageOf(
  store: DocumentStore,
  characterId: string,
  now: Date,
  classifier: Classifier,
): Promise<InsightCoverage> {
  const week = lastWeek(now);
  const matched = await openInsightSteps(store).countDocuments({
    character_id: characterId,
    ...inPeriod(week),
    via: { $in: MATCHED_VIA },
  });
  const said = await openUnmatched(store).find(
    { character_id: characterId, ...inPeriod(week) },
    { limit: MAX_UNMATCHED_READ, projection: { text: 1 } },
  );
  const locked = said.filter((row) => classifier.isLocked(row.text)).length;
  const unmatched = said.length - locked;
  const total = matched + unmatched;
  return { from: week.from, to: week.to, matched, unmatched, locked, share: total === 0 ? null : matched / total };
}
