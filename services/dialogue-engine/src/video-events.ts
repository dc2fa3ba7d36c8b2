import type { EngineInputOf } from '@talkwith/proto/dialogue';
import { currentBlock, video, type Ctx } from './context.ts';
import { afterTrigger, endConversation, enterBlock } from './flow.ts';
import { openMicDuringTrigger, playListenLoop, startListening } from './listen.ts';
import { playVideo } from './playback.ts';

function isCurrent(ctx: Ctx, slot: string, videoId: string): boolean {
  const cur = ctx.rt.current;
  return cur !== null && cur.slot === slot && cur.videoId === videoId && !ctx.rt.paused && ctx.rt.phase !== 'ended';
}

/** The end of the current video runs its continuation; ends of other videos are stale and ignored. */
export function onVideoEnded(ctx: Ctx, input: EngineInputOf<'videoEnded'>): void {
  if (!isCurrent(ctx, input.slot, input.videoId)) return;
  const rt = ctx.rt;
  const after = rt.current?.after ?? { kind: 'loop' };
  if (video(ctx, input.videoId)?.play_end) {
    endConversation(ctx, 'completed');
    return;
  }
  if (rt.queuedBlockId) {
    // Only an action button queues a block.
    enterBlock(ctx, rt.queuedBlockId, 'button');
    return;
  }
  const b = currentBlock(ctx);
  if (after.kind === 'block') enterBlock(ctx, after.blockId, after.via ?? 'flow');
  else if (after.kind === 'end') endConversation(ctx, after.reason);
  else if (after.kind === 'loop' || !b) playVideo(ctx, input.videoId, { kind: 'loop' }, true);
  // While a search result or the hit-word delay is awaited, only keep a listen loop on screen.
  else if (rt.phase === 'waiting' || rt.phase === 'leaving' || after.kind === 'listenLoop') {
    if (after.kind === 'listenLoop') rt.session.loopCount += 1;
    playListenLoop(ctx, b);
  } else if (after.kind === 'afterTrigger') afterTrigger(ctx);
  else startListening(ctx, b);
}

/** A trigger video reached its mic_on_millisecond mark: the microphone opens while it still plays. */
export function onVideoTimeReached(ctx: Ctx, input: EngineInputOf<'videoTimeReached'>): void {
  if (!isCurrent(ctx, input.slot, input.videoId) || ctx.rt.phase !== 'trigger') return;
  const b = currentBlock(ctx);
  if (b) openMicDuringTrigger(ctx, b, input.videoId, false);
}
