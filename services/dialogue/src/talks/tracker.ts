import type { DocumentStore, Eventing, Transaction } from '@talkwith/platform';
import type { NextStartBlockReply, TrackerState, TrackStepRequest } from '@talkwith/proto/dialogue';
import { appendInsightStep } from '../insight/record.ts';
import { loadRecognition } from '../recognition/characters.ts';
import { recordPlayed } from './album.ts';
import { pushLine, trackedLine, withConversations } from './conversation.ts';
import { talkErrors } from '../errors.ts';
import { openTalks, openTracker, trackerKey, type TrackerDoc } from './model.ts';
import { ownTalk, type TalkPorts } from './talks.ts';

/** The conversation tracker (API.md § Talks): where each user is with each character, for history and resume. */

export function trackerView(doc: TrackerDoc): TrackerState {
  return {
    character_id: doc.character_id,
    block_id: doc.block_id,
    conversation_id: doc.conversation_id,
    utterance: doc.utterance,
    steps: doc.steps,
    updated_at: doc.updated_at,
  };
}

export interface TrackStep {
  userId: string;
  step: Omit<TrackStepRequest, 'user_id'>;
  /** how long insight keeps the step (INSIGHT_RETENTION_DAYS). */
  retentionDays: number;
  now?: Date;
}

/**
 * One step: the caller's place with the character (upsert, steps counted),
 * the block marked played in the album, the step appended to insight and,
 * with a talk, the talk's first reply (`talk.replied`), all in one transaction. A released talk refuses the
 * step, so a ticket given back never pays for a talk that went on.
 */
export async function trackStep({ store, events }: TalkPorts, track: TrackStep): Promise<TrackerState> {
  const { userId, step } = track;
  const now = track.now ?? new Date();
  const at = now.toISOString();
  return store.withTransaction(async (tx) => {
    if (step.talk_id !== undefined)
      await markReplied(tx, events, { userId, talkId: step.talk_id, characterId: step.character_id, at });
    const doc = await openTracker(tx).findOneAndUpdate(
      { _id: trackerKey(userId, step.character_id) },
      {
        $setOnInsert: { user_id: userId, character_id: step.character_id },
        $set: {
          block_id: step.block_id,
          conversation_id: step.conversation_id,
          utterance: step.utterance,
          updated_at: at,
        },
        $inc: { steps: 1 },
        $push: pushLine(trackedLine(step, at)),
      },
      { upsert: true },
    );
    await recordPlayed(tx, { userId, characterId: step.character_id, blockId: step.block_id, at });
    await appendInsightStep(tx, {
      userId,
      characterId: step.character_id,
      blockId: step.block_id,
      via: step.via,
      match: step.match,
      said: { text: step.utterance, word: step.match_word, synonym: step.match_synonym, score: step.match_score },
      talkId: step.talk_id,
      at: now,
      retentionDays: track.retentionDays,
    });
    if (!doc) throw new Error('tracker upsert returned nothing');
    return trackerView(doc);
  });
}

interface Reply {
  userId: string;
  talkId: string;
  characterId: string;
  at: string;
}

/** The first step of a talk marks it replied; the guard on `replied_at` lets exactly one of concurrent first steps publish. */
async function markReplied(tx: Transaction, events: Eventing, reply: Reply): Promise<void> {
  const talk = await ownTalk(tx, reply.userId, reply.talkId);
  if (talk.status === 'released') throw talkErrors.released();
  if (talk.character_id !== reply.characterId) throw talkErrors.otherCharacter();
  if (talk.replied_at !== null) return;
  const changed = await openTalks(tx).findOneAndUpdate(
    { _id: talk._id, replied_at: null, status: { $ne: 'released' } },
    { $set: { replied_at: reply.at, ...(talk.status === 'started' ? { status: 'replied' } : {}) } },
  );
  if (!changed) {
    if ((await ownTalk(tx, reply.userId, reply.talkId)).status === 'released') throw talkErrors.released();
    return;
  }
  const { user_id, character_id, ticket_use_id } = changed;
  await events.publish(
    'talk.replied',
    user_id,
    { talk_id: talk._id, user_id, character_id, ticket_use_id, replied_at: reply.at },
    tx,
  );
}

/** Forgets where the caller was: with every character, or with one. */
export async function deleteTracker(store: DocumentStore, userId: string, characterId?: string): Promise<number> {
  const { deletedCount } = await openTracker(store).deleteMany({
    user_id: userId,
    ...(characterId !== undefined ? { character_id: characterId } : {}),
  });
  return deletedCount;
}

/** The caller's own places, newest first, each with its conversation (oldest line first). */
export async function historyOf(store: DocumentStore, userId: string): Promise<TrackerState[]> {
  return withConversations(
    store,
    await openTracker(store).find({ user_id: userId }, { sort: { updated_at: -1, _id: 1 } }),
    trackerView,
  );
}

const NOTHING: Omit<NextStartBlockReply, 'ok'> = { block_id: null, title: null, updated_at: null };

/**
 * SPEC.md §4 resume: the last tracked block, unless the latest talk with the
 * character ended normally (`completed`). A block the published character no
 * longer has is nothing to resume from.
 */
export async function nextStartBlock(
  store: DocumentStore,
  userId: string,
  characterId: string,
): Promise<Omit<NextStartBlockReply, 'ok'>> {
  const place = await openTracker(store).findOne({ _id: trackerKey(userId, characterId) });
  if (!place) return NOTHING;
  const latest = await openTalks(store).findOne(
    { user_id: userId, character_id: characterId },
    { sort: { started_at: -1, _id: -1 } },
  );
  if (latest?.end_reason === 'completed') return NOTHING;
  const character = await loadRecognition(store, characterId);
  const block = character?.recognition.blocks.find((b) => b.block_id === place.block_id);
  if (!block) return NOTHING;
  return {
    block_id: block.block_id,
    title: block.title,
    ...(block.title_i18n ? { title_i18n: block.title_i18n } : {}),
    updated_at: place.updated_at,
  };
}
