import type { DocumentStore } from '@talkwith/platform';
import type { ConversationLine, TrackerState, TrackStepRequest } from '@talkwith/proto/dialogue';
import { openRecognitionCharacters } from '../recognition/characters.ts';
import type { TrackedLine, TrackerDoc } from './model.ts';

/**
 * The conversation kept with each place of the tracker, so the owner's talk
 * history can show what they said and where it led. Bounded twice: the last
 * CONVERSATION_KEPT steps per place, each text cut to SAID_MAX characters.
 * Only POST /api/history (the owner) serves it; operators' views do not.
 */
export const CONVERSATION_KEPT = 50;
export const SAID_MAX = 200;

export function trackedLine(step: Omit<TrackStepRequest, 'user_id'>, at: string): TrackedLine {
  // Array.from cuts by code point, so a surrogate pair is never split in half.
  const said = Array.from(step.utterance.trim()).slice(0, SAID_MAX).join('');
  return { at, block_id: step.block_id, said, ...(step.talk_id !== undefined ? { talk_id: step.talk_id } : {}) };
}

/** The update that appends one line and keeps only the newest CONVERSATION_KEPT. */
export const pushLine = (line: TrackedLine) => ({ lines: { $each: [line], $slice: -CONVERSATION_KEPT } });

/** The places with their conversations, the block titles read from the published characters (one query for all). */
export async function withConversations(
  store: DocumentStore,
  places: TrackerDoc[],
  view: (doc: TrackerDoc) => TrackerState,
): Promise<TrackerState[]> {
  const ids = [...new Set(places.map((p) => p.character_id))];
  const characters = ids.length === 0 ? [] : await openRecognitionCharacters(store).find({ _id: { $in: ids } });
  const blocks = new Map(characters.map((c) => [c._id, new Map(c.recognition.blocks.map((b) => [b.block_id, b]))]));
  return places.map((place) => {
    const conversation: ConversationLine[] = (place.lines ?? []).map((line) => {
      const block = blocks.get(place.character_id)?.get(line.block_id);
      return {
        ...line,
        block_title: block?.title ?? null,
        ...(block?.title_i18n ? { block_title_i18n: block.title_i18n } : {}),
      };
    });
    return { ...view(place), conversation };
  });
}
