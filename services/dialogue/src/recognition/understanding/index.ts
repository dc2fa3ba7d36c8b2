import type { DocumentStore, Platform, ReadingForms } from '@talkwith/platform';
import {
  matchPhrases,
  matchPhrasesIn,
  sharedUnderstanding,
  understandingIfLoaded,
} from '@talkwith/dialogue-engine/understanding';
import type { HitWordMatch, UnderstandRequest } from '@talkwith/proto/dialogue';
import { loadRecognition } from '../characters.ts';

/**
 * POST /api/dialogue/understand (API.md Recognition): where the current
 * block's published phrases (its hit words among them) occur in the
 * utterance by surface, reading or base form, each with whether it was
 * negated (only when every place it was said was negated), or through one of the character's
 * synonym groups ('synonym'). A character or block not published has no phrases: no matches.
 * A talk in another language (`language`) is matched against the block's phrases in it, plainly (no analyser).
 * `load` reads another copy of the phrases (the draft an operator tries, recognition/draft.ts).
 */
export async function understandUtterance(
  store: DocumentStore,
  request: UnderstandRequest,
  load: typeof loadRecognition = loadRecognition,
): Promise<HitWordMatch[]> {
  const character = await load(store, request.character_id);
  const block = character?.recognition.blocks.find((b) => b.block_id === request.block_id);
  const language = request.language ?? 'ja-JP';
  const synonyms = character?.recognition.synonyms ?? [];
  if (language !== 'ja-JP') {
    const phrases = block?.phrases_i18n?.[language] ?? block?.phrases ?? [];
    return matchPhrasesIn(language, phrases, synonyms, request.text);
  }
  if (!block || block.phrases.length === 0) return [];
  return matchPhrases(await sharedUnderstanding(), block.phrases, synonyms, request.text);
}

/**
 * Starts loading the shared understanding in the background (once per process: sharedUnderstanding keeps it).
 * A failed load is only logged: the first utterance that needs the analyser loads it again and waits.
 */
export function warmUnderstanding(logger: Platform['logger']): void {
  sharedUnderstanding().catch((error: unknown) =>
    logger.warn({ err: error }, 'Japanese analyser warm-up failed; the first utterance that needs it loads it'),
  );
}

/**
 * The search port's reading analysis (ReadingForms), from the shared
 * understanding: the embedded search loads it on the first search of an index
 * that matches by reading, so dialogue's indexes read Japanese as
 * Elasticsearch's kuromoji does, with the analyser this process holds anyway.
 */
export async function loadReadingForms(): Promise<ReadingForms> {
  return (await sharedUnderstanding()).searchForms;
}

/** Computes the hit-word forms of a published character ahead of its first utterance (when the analyser is up). */
export async function prepareHitWords(phrases: string[]): Promise<void> {
  const loaded = understandingIfLoaded();
  if (!loaded) return;
  const understanding = await loaded;
  for (const word of phrases) understanding.wordKeys(word);
}
