import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { MatchKind, StepVia, UnmatchedReason } from '@talkwith/proto/dialogue';

/**
 * One tracked step as insight keeps it (API.md § Insight), appended in the
 * tracker's transaction. `at` is the ISO instant (range reads); `expires_at`
 * the Date the TTL index removes it at (INSIGHT_RETENTION_DAYS).
 */
export interface InsightStepDoc {
  _id: string;
  character_id: string;
  block_id: string;
  /** null: a player that did not say how the block was entered. */
  via: StepVia | null;
  /** how the utterance that led here was understood (insight's confidence); null or absent: not said, or an older player. */
  match?: MatchKind | null;
  /** An understood step (match set): what the user said, as said and normalised (normalise.ts). Absent on older steps. */
  text?: string;
  normalised?: string;
  /** the hit word it matched (null: a search or score), and the synonym said for it (null: the word itself). */
  word?: string | null;
  synonym?: string | null;
  /** the search or SPJ score that carried it (null: a hit word). */
  score?: number | null;
  talk_id: string | null;
  user_id: string;
  at: string;
  expires_at: Date;
  [key: string]: unknown;
}

/** An utterance the character could not answer; `normalised` is the grouping key (normalise.ts). */
export interface UnmatchedDoc {
  _id: string;
  character_id: string;
  block_id: string;
  text: string;
  normalised: string;
  reason: UnmatchedReason;
  /** the best search or SPJ score it got, too low to answer, and that search hit's block (players that say). */
  best_score?: number;
  nearest_block_id?: string;
  /** null: a visitor (not signed in). */
  user_id: string | null;
  at: string;
  expires_at: Date;
  [key: string]: unknown;
}

/** A serial batch's block (engagement's `coupon.saved`): utterances that would reach it are not "not understood". */
export interface InsightGateDoc {
  _id: string;
  character_id: string;
  block_id: string;
  /** When engagement published what was applied last: an older announcement never overwrites it. */
  as_of?: string;
  /** Engagement's write number for the batch (`keySeq`) of that event, when it carried one: compared instead of `as_of`. */
  as_of_seq?: number;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;
export const openInsightSteps = (store: Store): Collection<InsightStepDoc> =>
  store.collection<InsightStepDoc>('insight_steps');
export const openUnmatched = (store: Store): Collection<UnmatchedDoc> =>
  store.collection<UnmatchedDoc>('insight_unmatched');
export const openInsightGates = (store: Store): Collection<InsightGateDoc> =>
  store.collection<InsightGateDoc>('insight_serial_gates');

const DAY_MS = 24 * 60 * 60 * 1000;
/** When a record written at `at` expires. */
export const expiryOf = (at: Date, retentionDays: number): Date => new Date(at.getTime() + retentionDays * DAY_MS);

/** Range reads per character (the figures), talk reads (what came after the period), the account's records (deletion), expiry. */
export async function ensureInsightIndexes(store: DocumentStore): Promise<void> {
  const steps = openInsightSteps(store);
  await steps.createIndex({ character_id: 1, at: 1 });
  await steps.createIndex({ talk_id: 1, at: 1 });
  await steps.createIndex({ user_id: 1 });
  await steps.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 });
  const unmatched = openUnmatched(store);
  await unmatched.createIndex({ character_id: 1, at: 1 });
  await unmatched.createIndex({ user_id: 1 });
  await unmatched.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 });
  await openInsightGates(store).createIndex({ character_id: 1 });
}
