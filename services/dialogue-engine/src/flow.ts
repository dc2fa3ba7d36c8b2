import type { Block, EndReason, EngineCommandOf, MatchKind, StepVia } from '@talkwith/proto/dialogue';
import {
  block,
  currentBlock,
  emit,
  existingBlocks,
  log,
  logProblem,
  pick,
  setLeadingMatch,
  type Ctx,
} from './context.ts';
import { startTimer, stopListening } from './devices.ts';
import { listenVideoIds, openMicDuringTrigger, startListening } from './listen.ts';
import { kikiwasureRedirect, showSummaryIfAsked } from './memory.ts';
import { playVideo, preloadVideo } from './playback.ts';
import { randomRedirect, randomTriggerVideo } from './random.ts';
import { blockListens } from './routes.ts';
import { replacementFor } from './replacement.ts';
import type { MatchEvidence, Runtime } from './state.ts';

const MAX_REDIRECTS = 8;
/** Blocks without videos that lead to each other would loop forever within one step. */
const MAX_ENTRIES_PER_STEP = 32;

export function endConversation(ctx: Ctx, reason: EndReason): void {
  stopListening(ctx);
  const rt = ctx.rt;
  if (rt.talkingSince !== null) rt.session.totalBilledTime += Math.max(0, ctx.now - rt.talkingSince);
  rt.talkingSince = null;
  rt.phase = 'ended';
  rt.current = null;
  rt.queuedBlockId = null;
  rt.session.appState = 'ended';
  emit(ctx, { type: 'showActionButtons', buttons: [] });
  log(ctx, 'play', '会話が終了しました。', { reason, totalBilledTime: rt.session.totalBilledTime });
  emit(ctx, { type: 'end', reason, totalBilledTime: rt.session.totalBilledTime });
}

/** Leaves the current block after a recognised response: hit_word_delay, then a skip video, then the block. */
export function leaveTo(ctx: Ctx, blockId: string, via: StepVia): void {
  stopListening(ctx);
  const from = currentBlock(ctx);
  ctx.rt.phase = 'leaving';
  ctx.rt.leavingTo = blockId;
  ctx.rt.leavingVia = via;
  const delay = ctx.state.character.setting.hit_word_delay;
  if (from && !from.play_now && delay > 0) {
    startTimer(ctx, 'hitWordDelay', delay);
    return;
  }
  continueLeaving(ctx);
}

export function continueLeaving(ctx: Ctx): void {
  const target = ctx.rt.leavingTo;
  const via = ctx.rt.leavingVia ?? 'flow';
  ctx.rt.leavingTo = null;
  ctx.rt.leavingVia = null;
  if (!target) return;
  const from = currentBlock(ctx);
  const skip = from && !from.play_now ? pick(ctx, from.skip_video_ids) : undefined;
  if (skip && playVideo(ctx, skip, { kind: 'block', blockId: target, via })) {
    preloadVideo(ctx, block(ctx, target)?.trigger_video_id);
    return;
  }
  enterBlock(ctx, target, via);
}

/** Picks one of a list of blocks that exist; logs and returns undefined when none does. */
export function pickBlock(ctx: Ctx, ids: readonly (string | null)[]): string | undefined {
  const existing = existingBlocks(ctx, ids);
  const missing = ids.filter((id) => id !== null && !existing.includes(id));
  if (missing.length > 0) logProblem(ctx, 'BLOCK_NOT_FOUND', { blockIds: missing });
  return pick(ctx, existing);
}

function redirect(ctx: Ctx, b: Block): { blockId: string; via: StepVia } | undefined {
  if (ctx.depth >= MAX_REDIRECTS) return undefined;
  const randomEnd = randomRedirect(ctx, b);
  if (randomEnd) return { blockId: randomEnd, via: 'random' };
  const kikiwasure = kikiwasureRedirect(ctx, b);
  return kikiwasure ? { blockId: kikiwasure, via: 'flow' } : undefined;
}

/** The block a route named and how it was taken, kept when a redirect enters another block instead. */
type Routed = NonNullable<EngineCommandOf<'trackStep'>['routed']>;

/**
 * Enters a block: redirects (random end, kikiwasure, replacement), bookkeeping, then its trigger video.
 * `via` (how the block was reached) goes with the tracked step; a redirect tracks its own via.
 */
export function enterBlock(ctx: Ctx, blockId: string, via: StepVia, routed?: Routed): void {
  stopListening(ctx);
  ctx.entries += 1;
  if (ctx.entries > MAX_ENTRIES_PER_STEP) {
    logProblem(ctx, 'BLOCK_LOOP', { blockId });
    endConversation(ctx, 'error');
    return;
  }
  const b = block(ctx, blockId);
  if (!b) {
    logProblem(ctx, 'BLOCK_NOT_FOUND', { blockId });
    endConversation(ctx, 'error');
    return;
  }
  const target = redirect(ctx, b);
  if (target) {
    ctx.depth += 1;
    enterBlock(ctx, target.blockId, target.via, routed ?? { blockId, via });
    return;
  }
  const replacement = replacementFor(ctx, b);
  if (replacement.kind === 'block' && ctx.depth < MAX_REDIRECTS) {
    ctx.depth += 1;
    enterBlock(ctx, replacement.blockId, via, routed ?? { blockId, via });
    return;
  }
  beginBlock(ctx, b, via, routed);
  const trigger =
    replacement.kind === 'video'
      ? replacement.videoId
      : b.random_count > 0
        ? randomTriggerVideo(ctx, b)
        : b.trigger_video_id;
  if (!playVideo(ctx, trigger, { kind: 'afterTrigger' })) {
    afterTrigger(ctx);
    return;
  }
  preloadNext(ctx, b);
  if (trigger) openMicDuringTrigger(ctx, b, trigger, true);
}

function beginBlock(ctx: Ctx, b: Block, via: StepVia, routed: Routed | undefined): void {
  const rt = ctx.rt;
  const utterance = rt.leadingUtterance;
  const match = utterance ? leadingMatchOf(rt) : null;
  rt.leadingUtterance = '';
  setLeadingMatch(ctx, null);
  rt.blockId = b.id;
  rt.phase = 'trigger';
  rt.queuedBlockId = null;
  rt.invalidCount = 0;
  rt.silenceCount = 0;
  rt.spjOutCount = 0;
  rt.session.silenceLoopCount = 0;
  rt.session.blockSpjEmptyCount = 0;
  rt.session.loopCount = 0;
  // Each block's listen rotation starts at its own first listen video.
  rt.session.listenVideoOrder = 0;
  rt.session.blockText = '';
  if (!rt.played.includes(b.id)) rt.played.push(b.id);
  log(ctx, 'play', `ブロック開始: ${b.title || b.id}`, { blockId: b.id });
  trackStep(ctx, b, utterance, { via, ...(routed ? { routed } : {}) }, match);
  emit(ctx, { type: 'showActionButtons', buttons: b.action_buttons });
  if (b.show_previous_block_speech) emit(ctx, { type: 'showPreviousSpeech', text: rt.previousSpeech });
  showSummaryIfAsked(ctx, b);
}

/** How a step was reached: its via, and the route the user took when a redirect entered another block. */
type Reached = Pick<EngineCommandOf<'trackStep'>, 'via' | 'routed'>;

interface LeadingMatch {
  kind: MatchKind;
  evidence: MatchEvidence;
}

function leadingMatchOf(rt: Runtime): LeadingMatch | null {
  return rt.leadingMatch ? { kind: rt.leadingMatch, evidence: rt.leadingEvidence ?? {} } : null;
}

/** trackStep's fields for how the utterance was understood (insight's confidence): none when it was not. */
function matchFields(match: LeadingMatch | null) {
  if (!match) return {};
  const { word, synonym, score } = match.evidence;
  return {
    match: match.kind,
    ...(word !== undefined ? { matchWord: word } : {}),
    ...(synonym !== undefined ? { matchSynonym: synonym } : {}),
    ...(score !== undefined ? { matchScore: score } : {}),
  };
}

function trackStep(ctx: Ctx, b: Block, utterance: string, reached: Reached, match: LeadingMatch | null): void {
  const characterId = ctx.state.character.character_id || ctx.state.character.id;
  if (!characterId) {
    logProblem(ctx, 'TRANSCRIPT_NO_CHARACTER', { blockId: b.id });
    return;
  }
  const conversation = ctx.state.character.conversations.find((c) => c.block_ids.includes(b.id));
  emit(ctx, {
    type: 'trackStep',
    characterId,
    blockId: b.id,
    conversationId: conversation?.id ?? null,
    utterance,
    ...reached,
    ...matchFields(match),
  });
}

function preloadNext(ctx: Ctx, b: Block): void {
  if (blockListens(b)) {
    const ids = listenVideoIds(ctx.state, b);
    preloadVideo(ctx, ids[ctx.rt.session.listenVideoOrder % Math.max(ids.length, 1)]);
  } else preloadVideo(ctx, block(ctx, b.play_final_block[0])?.trigger_video_id);
}

/** After the trigger video: listen, or move on to play_final_block, or end. */
export function afterTrigger(ctx: Ctx): void {
  const b = currentBlock(ctx);
  if (!b) {
    endConversation(ctx, 'error');
    return;
  }
  if (blockListens(b)) {
    startListening(ctx, b);
    return;
  }
  const next = pickBlock(ctx, b.play_final_block);
  if (next) enterBlock(ctx, next, 'final');
  else endConversation(ctx, 'completed');
}
