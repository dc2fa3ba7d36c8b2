import type { Block } from '@talkwith/proto/dialogue';
import { existingVideos, ladderEntry, logProblem, video, type Ctx } from './context.ts';
import { endConversation, enterBlock, pickBlock } from './flow.ts';
import { openMic } from './listen.ts';
import { playVideo } from './playback.ts';
import { react } from './results.ts';

export function invalidLimit(b: Block): number {
  return b.invalid_max_count || b.invalid_count;
}

/**
 * The no-match ladder: the 1st, 2nd… invalid utterance plays the matching
 * invalid video and listens again; reaching the limit plays the final video
 * and goes to invalid_final_block (or ends the conversation).
 */
export function onInvalid(ctx: Ctx, b: Block): void {
  ctx.rt.invalidCount += 1;
  const count = ctx.rt.invalidCount;
  const limit = invalidLimit(b);
  if (limit > 0 && count >= limit) {
    finalInvalid(ctx, b);
    return;
  }
  const ladder = existingVideos(ctx, b.invalid_response_video_ids);
  if (react(ctx, ladderEntry(ladder, count) ?? b.invalid_video_id)) return;
  logProblem(ctx, 'INVALID_SETTINGS', { blockId: b.id, count });
  // The listen loop (or the trigger) is still playing: only the microphone has to reopen.
  if (ctx.rt.phase !== 'trigger') ctx.rt.phase = 'listening';
  openMic(ctx, b);
}

function finalInvalid(ctx: Ctx, b: Block): void {
  const next = pickBlock(ctx, b.invalid_final_block);
  const finalVideo = video(ctx, b.invalid_final_video_id)?.id;
  if (finalVideo) {
    ctx.rt.phase = 'reacting';
    playVideo(
      ctx,
      finalVideo,
      next ? { kind: 'block', blockId: next, via: 'invalid' } : { kind: 'end', reason: 'invalid' },
    );
    return;
  }
  if (next) {
    enterBlock(ctx, next, 'invalid');
    return;
  }
  logProblem(ctx, 'INVALID_SETTINGS', { blockId: b.id, missing: 'invalid_final_video_id' });
  endConversation(ctx, 'invalid');
}
