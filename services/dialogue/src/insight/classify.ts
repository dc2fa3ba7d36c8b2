import type { DocumentStore, Transaction } from '@talkwith/platform';
import { isNotOlder, keySeqAs } from '@talkwith/platform/eventing';
import type { EventOf } from '@talkwith/proto';
import type { RecognitionBlock, TalkLanguage } from '@talkwith/proto/dialogue';
import { matcherFor, type WordMatcher } from '@talkwith/dialogue-engine';
import {
  sharedUnderstanding,
  synonymIndex,
  withSynonyms,
  type SynonymsOf,
  type Understanding,
} from '@talkwith/dialogue-engine/understanding';
import { loadRecognition } from '../recognition/characters.ts';
import { openInsightGates } from './model.ts';

/**
 * What the published character would now do with an unmatched utterance,
 * decided when insight is read (so utterances kept before a fix or a lock
 * are classed by today's character):
 * - `locked`: it says a hit word of a serial-locked block. The player
 *   is served the character without that block, so the utterance found no
 *   route: the user asked for content they have not unlocked, which is not
 *   a gap in understanding.
 * - `resolved`: it says a hit word of a served block, e.g. one added
 *   from this page and published since (the one-click fix), or a synonym
 *   the operator gave one of its hit words.
 * Hit words are found as the live matcher finds them (the understand route):
 * by surface, reading, base form or synonym, and a word said only negated
 * (「ラーメンじゃなくて」) does not count; so 「御飯」 is resolved by a hit word
 * ごはん. A block's words in the other talk languages are found plainly.
 */
export interface Classifier {
  isLocked(text: string): boolean;
  isResolved(text: string): boolean;
  /** The published version whose words it judges by (0: none known yet). */
  version: number;
}

/** The words that would route an utterance: Japanese (understood) and per other language (plain). */
interface Words {
  ja: string[];
  other: Map<Exclude<TalkLanguage, 'ja-JP'>, string[]>;
}

const noWords = (): Words => ({ ja: [], other: new Map() });

function addBlock(words: Words, block: RecognitionBlock): void {
  words.ja.push(...block.phrases);
  for (const [language, phrases] of Object.entries(block.phrases_i18n ?? {})) {
    const key = language as Exclude<TalkLanguage, 'ja-JP'>;
    words.other.set(key, [...(words.other.get(key) ?? []), ...(phrases ?? [])]);
  }
}

const affirmed = (matcher: WordMatcher, words: readonly string[]) =>
  words.some((word) => matcher(word).some((m) => !m.negated));

interface Verdict {
  locked: boolean;
  resolved: boolean;
}

/** One utterance read once (one analysis) against both the locked and the served words. */
function verdictOf(understanding: Understanding, synonymsOf: SynonymsOf, text: string, sets: [Words, Words]): Verdict {
  const japanese = withSynonyms(understanding.matcher(understanding.utterance(text)), synonymsOf);
  const says = (words: Words) =>
    affirmed(japanese, words.ja) ||
    [...words.other].some(([language, list]) => affirmed(withSynonyms(matcherFor(text, language), synonymsOf), list));
  return { locked: says(sets[0]), resolved: says(sets[1]) };
}

export async function classifierFor(store: DocumentStore, characterId: string): Promise<Classifier> {
  const [character, gates, understanding] = await Promise.all([
    loadRecognition(store, characterId),
    openInsightGates(store).find({ character_id: characterId }, { projection: { block_id: 1 } }),
    sharedUnderstanding(),
  ]);
  const gated = new Set(gates.map((gate) => gate.block_id));
  const locked = noWords();
  const served = noWords();
  for (const block of character?.recognition.blocks ?? []) addBlock(gated.has(block.block_id) ? locked : served, block);
  const synonymsOf = synonymIndex(character?.recognition.synonyms ?? []);
  // A period repeats the same few utterances many times: each distinct text is analysed once per read.
  const verdicts = new Map<string, Verdict>();
  const verdict = (text: string): Verdict => {
    let found = verdicts.get(text);
    if (!found) verdicts.set(text, (found = verdictOf(understanding, synonymsOf, text, [locked, served])));
    return found;
  };
  return {
    isLocked: (text) => verdict(text).locked,
    isResolved: (text) => verdict(text).resolved,
    version: character?.version ?? 0,
  };
}

/**
 * `coupon.saved`: the batch's block is locked (a batch moved to another block
 * frees its old one unless another batch names it). `coupon.announced`
 * (engagement answering dialogue's facts.requested) rebuilds it, unless the
 * gate kept is newer than the announcement.
 */
export async function rememberGate(
  tx: Transaction,
  event: EventOf<'coupon.saved' | 'coupon.announced'>,
): Promise<void> {
  const gates = openInsightGates(tx);
  const { coupon_id, character_id, block_id } = event.data;
  if (event.type === 'coupon.announced') {
    const kept = await gates.findOne({ _id: coupon_id }, { projection: { as_of: 1, as_of_seq: 1 } });
    if (!isNotOlder(event, kept && { at: kept.as_of, seq: kept.as_of_seq })) return;
  }
  await gates.updateOne(
    { _id: coupon_id },
    { $set: { character_id, block_id, as_of: event.occurredAt, ...keySeqAs('as_of_seq', event) } },
    { upsert: true },
  );
}
