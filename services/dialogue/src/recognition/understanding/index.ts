import type { DocumentStore } from '@talkwith/platform';
import type { HitWordMatch, UnderstandRequest } from '@talkwith/proto/dialogue';
import { loadRecognition } from '../characters.ts';
import { loadAnalyser } from './analyser.ts';
import { Understanding } from './matcher.ts';
import { synonymIndex, withSynonyms } from './synonyms.ts';

let shared: Promise<Understanding> | undefined;

/**
 * The process's understanding (one analyser, one cache of hit-word forms),
 * built on the first utterance that needs it: a process that never gets one
 * (most tests, a gateway whose players find every hit word literally) never
 * pays the analyser's memory.
 */
export function sharedUnderstanding(): Promise<Understanding> {
  shared ??= loadAnalyser().then((analyse) => new Understanding(analyse)).catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/**
 * POST /api/dialogue/understand (API.md Recognition): where the current
 * block's published phrases (its hit words among them) occur in the
 * utterance by surface, reading or base form, each with whether it was
 * negated (only when every place it was said was negated), or through one of the character's
 * synonym groups ('synonym'). A character or block not published has no phrases: no matches.
 * `load` reads another copy of the phrases (the draft an operator tries, recognition/draft.ts).
 */
export async function understandUtterance(store: DocumentStore, request: UnderstandRequest, load: typeof loadRecognition = loadRecognition): Promise<HitWordMatch[]> {
  const character = await load(store, request.character_id);
  const block = character?.recognition.blocks.find((b) => b.block_id === request.block_id);
  if (!block || block.phrases.length === 0) return [];
  const understanding = await sharedUnderstanding();
  const synonyms = synonymIndex(character?.recognition.synonyms ?? []);
  const matcher = withSynonyms(understanding.matcher(understanding.utterance(request.text)), synonyms);
  // One answer per phrase: affirmed if it was said so anywhere (how the engine counts it), surface before reading before base.
  return block.phrases.flatMap((word) => {
    const found = matcher(word);
    const chosen = found.find((m) => !m.negated) ?? found[0];
    return chosen ? [{ word, negated: chosen.negated, via: chosen.via }] : [];
  });
}

/** Computes the hit-word forms of a published character ahead of its first utterance (when the analyser is up). */
export async function prepareHitWords(phrases: string[]): Promise<void> {
  if (!shared) return;
  const understanding = await shared;
  for (const word of phrases) understanding.wordKeys(word);
}
