import type { Block, EngineInputOf } from '@talkwith/proto/dialogue';
import {
  currentBlock,
  existingVideos,
  ladderEntry,
  log,
  logProblem,
  setLeadingMatch,
  video,
  type Ctx,
} from './context.ts';
import { endConversation, leaveTo, pickBlock } from './flow.ts';
import { onInvalid } from './invalid.ts';
import { startListening } from './listen.ts';
import { playVideo } from './playback.ts';
import type { HitWordMatch } from '@talkwith/proto/dialogue';
import type { WordMatcher } from './hit-words.ts';
import { acceptValid, follow } from './recognition.ts';
import { afterHitWords, hitWordRoute } from './routes.ts';
import { reportUnmatched, type Nearest } from './unmatched.ts';

/** Takes the pending request if the result answers it; stale or unknown results are ignored. */
function settle(ctx: Ctx, requestId: string, kind: 'search' | 'score' | 'understand' | 'any'): Block | undefined {
  const pending = ctx.rt.pendingRequest;
  if (!pending || pending.id !== requestId || (kind !== 'any' && pending.kind !== kind) || ctx.rt.paused)
    return undefined;
  ctx.rt.pendingRequest = null;
  return currentBlock(ctx);
}

export function onSearchResult(ctx: Ctx, input: EngineInputOf<'searchResult'>): void {
  const b = settle(ctx, input.requestId, 'search');
  if (!b) return;
  const nearest = input.hits
    .filter((h) => b.valid_response_ids.includes(h.block_id) && ctx.state.index.blocks.has(h.block_id))
    .sort((x, y) => y.score - x.score)[0];
  const best = nearest && nearest.score > b.spj_empty_score ? nearest : undefined;
  if (!best) {
    onEmptyResult(ctx, b, true, nearest && { score: nearest.score, blockId: nearest.block_id });
    return;
  }
  log(ctx, 'speech', `検索結果: ${best.block_id}`, { blockId: b.id, score: best.score });
  setLeadingMatch(ctx, 'search', { score: best.score });
  leaveTo(ctx, best.block_id, 'search');
}

export function onScoreResult(ctx: Ctx, input: EngineInputOf<'scoreResult'>): void {
  const b = settle(ctx, input.requestId, 'score');
  if (!b) return;
  if (input.score === null || input.score <= b.spj_empty_score) {
    onEmptyResult(ctx, b, true, input.score === null ? {} : { score: input.score });
    return;
  }
  log(ctx, 'speech', `SPJスコア: ${input.score}`, { blockId: b.id, score: input.score });
  if (input.score < b.spj_out_score) {
    onSpjOut(ctx, b, input.score);
    return;
  }
  setLeadingMatch(ctx, 'score', { score: input.score });
  acceptValid(ctx, b, ctx.rt.session.blockText, 'score');
}

/** The server's matches as a word matcher: a word not in them was not found. */
function serverMatcher(matches: HitWordMatch[]): WordMatcher {
  return (word) => matches.filter((m) => m.word === word);
}

/** The server's hit words for the utterance: a route if one was said, else the block's other routes. */
export function onUnderstandResult(ctx: Ctx, input: EngineInputOf<'understandResult'>): void {
  const b = settle(ctx, input.requestId, 'understand');
  if (!b) return;
  ctx.rt.phase = 'listening';
  follow(
    ctx,
    b,
    hitWordRoute(b, serverMatcher(input.matches), ctx.state.language) ?? afterHitWords(ctx, b),
    ctx.rt.session.blockText,
  );
}

export function onRequestFailed(ctx: Ctx, input: EngineInputOf<'requestFailed'>): void {
  const understanding = ctx.rt.pendingRequest?.kind === 'understand';
  const b = settle(ctx, input.requestId, 'any');
  if (!b) return;
  log(ctx, 'error', input.message, { blockId: b.id, requestId: input.requestId });
  if (understanding) {
    // Without the server's reading of it, the utterance is routed as if no hit word was in it.
    ctx.rt.phase = 'listening';
    follow(ctx, b, afterHitWords(ctx, b), ctx.rt.session.blockText);
    return;
  }
  onEmptyResult(ctx, b, false);
}

/** Plays a ladder video and listens again afterwards; false when there is no such video. */
export function react(ctx: Ctx, videoId: string | null | undefined): boolean {
  if (!video(ctx, videoId)) return false;
  ctx.rt.phase = 'reacting';
  return playVideo(ctx, videoId, { kind: 'listen' });
}

/**
 * Empty SPJ or search result: spj_empty_count of them are tolerated in one entry of the block,
 * the n-th playing the n-th spj_empty_videos (the last repeats) and listening again; the next
 * one goes to spj_empty_blocks, else ends (spj_empty_end), else counts as invalid.
 * `judged`: a real (empty) answer, reported as unmatched; a failed request was never judged.
 */
function onEmptyResult(ctx: Ctx, b: Block, judged: boolean, nearest: Nearest = {}): void {
  logProblem(ctx, 'EMPTY_SPJ_OR_SEARCH', { blockId: b.id });
  if (judged) reportUnmatched(ctx, b, 'empty', nearest);
  const session = ctx.rt.session;
  session.blockSpjEmptyCount += 1;
  if (session.blockSpjEmptyCount <= b.spj_empty_count) {
    if (!react(ctx, ladderEntry(existingVideos(ctx, b.spj_empty_videos), session.blockSpjEmptyCount)))
      startListening(ctx, b);
    return;
  }
  const next = pickBlock(ctx, b.spj_empty_blocks);
  if (next) leaveTo(ctx, next, 'empty');
  else if (b.spj_empty_end) endConversation(ctx, 'spjEmpty');
  else onInvalid(ctx, b);
}

/** Low score: spj_out_video_id each time; after spj_out_count outs, spj_out_block_id. */
function onSpjOut(ctx: Ctx, b: Block, score: number): void {
  ctx.rt.spjOutCount += 1;
  const outVideo = video(ctx, b.spj_out_video_id)?.id;
  const exhausted = ctx.rt.spjOutCount > b.spj_out_count;
  const target = exhausted ? pickBlock(ctx, [b.spj_out_block_id]) : undefined;
  if (target) {
    ctx.rt.phase = 'reacting';
    if (!outVideo || !playVideo(ctx, outVideo, { kind: 'block', blockId: target, via: 'spjOut' }))
      leaveTo(ctx, target, 'spjOut');
    return;
  }
  if (react(ctx, outVideo)) return;
  if (exhausted) logProblem(ctx, 'SPJ_OUT_NOWHERE', { blockId: b.id });
  reportUnmatched(ctx, b, 'invalid', { score });
  onInvalid(ctx, b);
}
