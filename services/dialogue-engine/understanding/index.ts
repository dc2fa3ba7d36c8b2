/**
 * Server-side understanding (`@talkwith/dialogue-engine/understanding`): where
 * a block's phrases occur in an utterance by surface, reading or base form
 * (kuromoji), negated or not, or through the character's synonym groups. The
 * dialogue service answers players' understand requests with it and the
 * catalog plays a character's tests with it, so a test matches as a customer
 * is matched. Never imported by the web client: the analyser is far over the
 * player's budget (lint keeps it out).
 */
import type { HitWordMatch, SynonymGroup, TalkLanguage } from '@talkwith/proto/dialogue';
import { matcherFor, type WordMatcher } from '../src/index.ts';
import { loadAnalyser } from './analyser.ts';
import { Understanding } from './matcher.ts';
import { synonymIndex, withSynonyms } from './synonyms.ts';

export { loadAnalyser, type Analyse, type Morpheme } from './analyser.ts';
export { Understanding } from './matcher.ts';
export { noSynonyms, synonymIndex, withSynonyms, type SynonymsOf } from './synonyms.ts';

let shared: Promise<Understanding> | undefined;

/**
 * The process's understanding (one analyser, one cache of hit-word forms),
 * built on the first utterance that needs it: a process that never gets one
 * never pays the analyser's memory, and the services of one process share it.
 */
export function sharedUnderstanding(): Promise<Understanding> {
  shared ??= loadAnalyser()
    .then((analyse) => new Understanding(analyse))
    .catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
  return shared;
}

/** The shared understanding if it was built already (hit-word forms are computed ahead only then). */
export function understandingIfLoaded(): Promise<Understanding> | undefined {
  return shared;
}

/**
 * One answer per phrase said in `text`: affirmed if it was said so anywhere
 * (how the engine counts it), surface before reading before base form, else
 * through a synonym.
 */
export function matchPhrases(
  understanding: Understanding,
  phrases: readonly string[],
  synonyms: readonly SynonymGroup[],
  text: string,
): HitWordMatch[] {
  return answers(withSynonyms(understanding.matcher(understanding.utterance(text)), synonymIndex(synonyms)), phrases);
}

/**
 * matchPhrases for a talk in another language than Japanese: the player's
 * plain normalised matching (whole words in en-US and fil-PH), and the
 * character's synonym groups (a group's word is a hit word of that language);
 * no analyser is loaded.
 */
export function matchPhrasesIn(
  language: Exclude<TalkLanguage, 'ja-JP'>,
  phrases: readonly string[],
  synonyms: readonly SynonymGroup[],
  text: string,
): HitWordMatch[] {
  return answers(withSynonyms(matcherFor(text, language), synonymIndex(synonyms)), phrases);
}

function answers(matcher: WordMatcher, phrases: readonly string[]): HitWordMatch[] {
  return phrases.flatMap((word) => {
    const found = matcher(word);
    const chosen = found.find((m) => !m.negated) ?? found[0];
    if (!chosen) return [];
    const { negated, via, synonym } = chosen;
    return [{ word, negated, via, ...(synonym !== undefined ? { synonym } : {}) }];
  });
}
