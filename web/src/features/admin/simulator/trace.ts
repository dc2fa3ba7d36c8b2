import { containsWord, normalizeJapanese, type Runtime } from '@talkwith/dialogue-engine';
import type { PublicCharacter as Character, EngineCommand, EngineInput, StepVia } from '@talkwith/proto/dialogue';

/** One line of the simulator's explanation of the talk. */
export type TraceEntry =
  | { kind: 'heard'; text: string }
  | { kind: 'step'; blockId: string; title: string; via: StepVia | null; word: string | null }
  | { kind: 'search'; hits: Array<{ block_id: string; score: number }> }
  | { kind: 'score'; score: number | null; threshold: number }
  | { kind: 'unmatched'; reason: 'invalid' | 'empty' }
  | { kind: 'failed'; message: string };

/** The hit word of `from` that led to `to` in the utterance (the engine's own matching), when one did. */
export function hitWordOf(character: Character, from: string | null, to: string, utterance: string): string | null {
  const block = character.blocks.find((b) => b.id === from);
  const said = normalizeJapanese(utterance);
  const route = block?.hit_words.find((r) => r.block_id === to && r.words.some((w) => containsWord(said, w)));
  return route?.words.find((w) => containsWord(said, w)) ?? null;
}

/** What one engine step says about the route taken: what was heard, server answers, the block entered and why. */
export function traceOf(
  character: Character,
  input: EngineInput,
  before: Runtime,
  commands: readonly EngineCommand[],
): TraceEntry[] {
  const out: TraceEntry[] = [];
  if (input.type === 'speechFinal' && input.text.trim()) out.push({ kind: 'heard', text: input.text });
  if (input.type === 'searchResult') out.push({ kind: 'search', hits: input.hits });
  if (input.type === 'scoreResult') {
    const block = character.blocks.find((b) => b.id === before.blockId);
    out.push({ kind: 'score', score: input.score, threshold: block?.spj_out_score ?? 0 });
  }
  if (input.type === 'requestFailed') out.push({ kind: 'failed', message: input.message });
  for (const command of commands) {
    if (command.type === 'unmatched') out.push({ kind: 'unmatched', reason: command.reason });
    if (command.type !== 'trackStep') continue;
    // A redirect (kikiwasure, a random end, a replacement): first the route the utterance took, then where it led.
    if (command.routed) out.push(stepEntry(character, before.blockId, command.routed, command.utterance));
    out.push(stepEntry(character, before.blockId, { blockId: command.blockId, via: command.via }, command.utterance));
  }
  return out;
}

function stepEntry(
  character: Character,
  from: string | null,
  step: { blockId: string; via?: StepVia | undefined },
  utterance: string,
): TraceEntry {
  const via = step.via ?? null;
  const word = via === 'hitWord' ? hitWordOf(character, from, step.blockId, utterance) : null;
  const title = character.blocks.find((b) => b.id === step.blockId)?.title ?? step.blockId;
  return { kind: 'step', blockId: step.blockId, title, via, word };
}
