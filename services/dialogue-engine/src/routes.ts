import type { Block, TalkLanguage } from '@talkwith/proto/dialogue';
import { existingBlocks, logProblem, type Ctx } from './context.ts';
import { hitWordDecision, type WordFound, type WordMatcher } from './hit-words.ts';
import { matcherFor } from './talk-language.ts';

/** What a final utterance leads to, before any server request. */
export type Decision =
  | {
      kind: 'block';
      blockId: string;
      slot: { name: string; value: string } | null;
      via: 'forced' | 'hitWord';
      match?: WordFound;
    }
  | { kind: 'valid'; match?: WordFound }
  | { kind: 'search'; candidates: string[] }
  | { kind: 'score'; category: string }
  | { kind: 'notHit'; blockIds: string[] }
  | { kind: 'understand' }
  | { kind: 'invalid' };

/** A block listens when it has listen videos or any route for what the user says. */
export function blockListens(b: Block): boolean {
  return (
    b.listen_video_ids.length > 0 ||
    b.listen_video_number > 0 ||
    b.hit_words.length > 0 ||
    b.hit_word.trim() !== '' ||
    b.valid_response ||
    b.valid_response_ids.length > 0 ||
    b.spj_category !== null ||
    b.force_blocks.length > 0 ||
    b.not_hitword_blocks.length > 0
  );
}

function forcedBlock(ctx: Ctx, b: Block): string | undefined {
  const existing = existingBlocks(ctx, b.force_blocks);
  return existing.find((id) => !ctx.rt.played.includes(id)) ?? existing[0];
}

/** The block's hit-word route with a word matcher (literal here, the server's matches in results.ts), in the talk's language. */
export function hitWordRoute(b: Block, matcher: WordMatcher, language?: TalkLanguage): Decision | undefined {
  const hit = hitWordDecision(b, matcher, language);
  if (!hit) return undefined;
  return hit.kind === 'valid'
    ? { kind: 'valid', match: hit.found }
    : { kind: 'block', blockId: hit.blockId, slot: hit.slot, via: 'hitWord', match: hit.found };
}

function hasHitWords(b: Block): boolean {
  return b.hit_words.some((h) => h.words.length > 0) || b.hit_word.trim() !== '';
}

function serverRoute(ctx: Ctx, b: Block): Decision | undefined {
  const setting = ctx.state.character.setting;
  if (b.valid_response_ids.length > 0) {
    if (setting.es_index_name) return { kind: 'search', candidates: existingBlocks(ctx, b.valid_response_ids) };
    logProblem(ctx, 'INVALID_SPJ_OR_SEARCH', { blockId: b.id, missing: 'es_index_name' });
  }
  if (b.spj_category !== null) {
    if (setting.spj_url) return { kind: 'score', category: b.spj_category };
    logProblem(ctx, 'INVALID_SPJ_OR_SEARCH', { blockId: b.id, missing: 'spj_url' });
  }
  return undefined;
}

/**
 * The routing order: force_blocks, hit words (literally here; with
 * understanding on, then by reading and base form on the server, which comes
 * back to afterHitWords), search, SPJ score, valid_response, not_hitword_blocks, invalid.
 */
export function decide(ctx: Ctx, b: Block, text: string): Decision {
  const forced = forcedBlock(ctx, b);
  if (forced) return { kind: 'block', blockId: forced, slot: null, via: 'forced' };
  const hit = hitWordRoute(b, matcherFor(text, ctx.state.language), ctx.state.language);
  if (hit) return hit;
  if (ctx.state.understanding === true && hasHitWords(b)) return { kind: 'understand' };
  return afterHitWords(ctx, b);
}

/** What an utterance leads to when no hit word was found in it. */
export function afterHitWords(ctx: Ctx, b: Block): Decision {
  const server = serverRoute(ctx, b);
  if (server) return server;
  if (b.valid_response) return { kind: 'valid' };
  if (b.not_hitword_blocks.length > 0) return { kind: 'notHit', blockIds: b.not_hitword_blocks };
  return { kind: 'invalid' };
}
