import { randomUUID } from 'node:crypto';
import type { DocumentStore, Transaction } from '@talkwith/platform';
import type { MatchKind, StepVia, UnmatchedRequest } from '@talkwith/proto/dialogue';
import { loadRecognition } from '../recognition/characters.ts';
import { insightErrors } from '../errors.ts';
import { expiryOf, openInsightSteps, openUnmatched } from './model.ts';
import { normaliseUtterance } from './normalise.ts';

export interface SaidStep {
  text: string;
  word?: string | undefined;
  synonym?: string | undefined;
  score?: number | undefined;
}

/** The step's utterance and how it matched, kept only for an understood utterance (a button or the flow says nothing). */
function saidFields(step: InsightStep) {
  const said = step.said;
  const text = said?.text.trim() ?? '';
  if (!said || !step.match || normaliseUtterance(text) === '') return {};
  return {
    text,
    normalised: normaliseUtterance(text),
    word: said.word ?? null,
    synonym: said.synonym ?? null,
    score: said.score ?? null,
  };
}

export interface InsightStep {
  userId: string;
  characterId: string;
  blockId: string;
  via: StepVia | undefined;
  match?: MatchKind | undefined;
  /** what the user said and, when it was understood, with what (insight's matched utterances). */
  said?: SaidStep;
  talkId: string | undefined;
  at: Date;
  retentionDays: number;
}

/** Appends a tracked step to insight, in the tracker's transaction (a step is in both or in neither). */
export async function appendInsightStep(tx: Transaction, step: InsightStep): Promise<void> {
  await openInsightSteps(tx).insertOne({
    _id: randomUUID(),
    character_id: step.characterId,
    block_id: step.blockId,
    via: step.via ?? null,
    match: step.match ?? null,
    ...saidFields(step),
    talk_id: step.talkId ?? null,
    user_id: step.userId,
    at: step.at.toISOString(),
    expires_at: expiryOf(step.at, step.retentionDays),
  });
}

export interface UnmatchedUtterance {
  request: UnmatchedRequest;
  /** the signed-in caller, null for a visitor. */
  userId: string | null;
  retentionDays: number;
  now?: Date;
}

/**
 * Keeps an utterance the character could not answer; a character dialogue does
 * not know (never published) is 404. Text with nothing left after normalising
 * (only punctuation or spaces) is accepted and dropped: nothing to learn from it.
 */
export async function recordUnmatched(store: DocumentStore, utterance: UnmatchedUtterance): Promise<void> {
  const { request, userId } = utterance;
  if (!(await loadRecognition(store, request.character_id))) throw insightErrors.characterNotFound();
  const at = utterance.now ?? new Date();
  const text = request.text.trim();
  if (normaliseUtterance(text) === '') return;
  await openUnmatched(store).insertOne({
    _id: randomUUID(),
    character_id: request.character_id,
    block_id: request.block_id,
    text,
    normalised: normaliseUtterance(text),
    reason: request.reason,
    ...(request.best_score !== undefined ? { best_score: request.best_score } : {}),
    ...(request.nearest_block_id !== undefined ? { nearest_block_id: request.nearest_block_id } : {}),
    user_id: userId,
    at: at.toISOString(),
    expires_at: expiryOf(at, utterance.retentionDays),
  });
}

/** `user.deleted`: the account's steps and utterances go (a visitor's utterances never had an account). */
export async function forgetInsightUser(tx: Transaction, userId: string): Promise<void> {
  await openInsightSteps(tx).deleteMany({ user_id: userId });
  await openUnmatched(tx).deleteMany({ user_id: userId });
}
