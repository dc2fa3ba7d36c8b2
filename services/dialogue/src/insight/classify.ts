import type { DocumentStore, Transaction } from '@talkwith/platform';
import { isNotOlder, keySeqAs } from '@talkwith/platform/eventing';
import type { EventOf } from '@talkwith/proto';
import { loadRecognition } from '../recognition/characters.ts';
import { synonymIndex } from '@talkwith/dialogue-engine/understanding';
import { openInsightGates } from './model.ts';
import { normaliseUtterance } from './normalise.ts';

/**
 * What the published character would now do with an unmatched utterance,
 * decided when insight is read (so utterances kept before a fix or a lock
 * are classed by today's character):
 * - `locked`: it contains a hit word of a serial-locked block. The player
 *   is served the character without that block, so the utterance found no
 *   route: the user asked for content they have not unlocked, which is not
 *   a gap in understanding.
 * - `resolved`: it contains a hit word of a served block, e.g. one added
 *   from this page and published since (the one-click fix), or a synonym
 *   the operator gave one of its hit words.
 * Hit words match as the engine matches them: contained in the utterance, both normalised.
 */
export interface Classifier {
  isLocked(normalised: string): boolean;
  isResolved(normalised: string): boolean;
}

const containsAny = (text: string, phrases: readonly string[]) => phrases.some((phrase) => text.includes(phrase));

export async function classifierFor(store: DocumentStore, characterId: string): Promise<Classifier> {
  const [character, gates] = await Promise.all([
    loadRecognition(store, characterId),
    openInsightGates(store).find({ character_id: characterId }, { projection: { block_id: 1 } }),
  ]);
  const gated = new Set(gates.map((gate) => gate.block_id));
  const locked: string[] = [];
  const served: string[] = [];
  const synonymsOf = synonymIndex(character?.recognition.synonyms ?? []);
  for (const block of character?.recognition.blocks ?? []) {
    const words = [...block.phrases, ...block.phrases.flatMap(synonymsOf)];
    const phrases = words.map(normaliseUtterance).filter((phrase) => phrase !== '');
    (gated.has(block.block_id) ? locked : served).push(...phrases);
  }
  return { isLocked: (text) => containsAny(text, locked), isResolved: (text) => containsAny(text, served) };
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
