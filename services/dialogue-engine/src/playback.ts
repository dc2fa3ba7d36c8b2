import type { VideoSlotName } from '@talkwith/proto/dialogue';
import { emit, log, logProblem, video, type Ctx } from './context.ts';
import type { Continuation } from './state.ts';

const otherSlot = (slot: VideoSlotName): VideoSlotName => (slot === 'A' ? 'B' : 'A');

function characterId(ctx: Ctx): string {
  return ctx.state.character.character_id || ctx.state.character.id;
}

/**
 * Plays a video in the hidden slot (where it may have been preloaded) and makes
 * that slot visible. An endless loop (forced, loop_count 0) keeps `after.kind === 'loop'`;
 * otherwise the player reports the end after loop_count passes and `after` runs.
 * Returns false (and logs) when the video does not exist, so callers fall back.
 */
export function playVideo(
  ctx: Ctx,
  videoId: string | null | undefined,
  after: Continuation,
  forceLoop = false,
): boolean {
  const v = video(ctx, videoId);
  if (!v) {
    if (videoId) logProblem(ctx, 'VIDEO_NOT_FOUND', { videoId });
    return false;
  }
  const session = ctx.rt.session;
  const slot = otherSlot(session.activeSlot);
  // Endless loops only where the engine waits for something else (standby, listening); any other
  // clip with loop and loop_count 0 plays once, so a block can never stall on it.
  const loop = forceLoop || (v.loop && v.loop_count > 0);
  const loopCount = loop ? v.loop_count : 1;
  const notifyAtMs =
    v.mic_on && v.mic_on_millisecond !== null && v.mic_on_millisecond > 0 ? v.mic_on_millisecond : null;
  emit(ctx, { type: 'playVideo', slot, videoId: v.id, path: v.path, title: v.title, loop, loopCount, notifyAtMs });
  emit(ctx, {
    type: 'showSubtitles',
    characterId: characterId(ctx),
    videoId: v.id,
    name: v.title.replace(/\.mp4$/iu, ''),
  });
  session.slots[slot] = { video_id: v.id, playing: true };
  session.slots[otherSlot(slot)] = { ...session.slots[otherSlot(slot)], playing: false };
  session.activeSlot = slot;
  session.loopMax = loop ? v.loop_count : 1;
  ctx.rt.current = { videoId: v.id, slot, after: loop && v.loop_count === 0 ? { kind: 'loop' } : after };
  log(ctx, 'play', `動画再生: ${v.title}`, { videoId: v.id, blockId: ctx.rt.blockId });
  return true;
}

/** Loads the likely next video into the hidden slot so the switch is seamless. */
export function preloadVideo(ctx: Ctx, videoId: string | null | undefined): void {
  const v = video(ctx, videoId);
  if (!v) return;
  const slot = otherSlot(ctx.rt.session.activeSlot);
  if (ctx.rt.session.slots[slot].video_id === v.id) return;
  ctx.rt.session.slots[slot] = { video_id: v.id, playing: false };
  emit(ctx, { type: 'preloadVideo', slot, videoId: v.id, path: v.path });
}
