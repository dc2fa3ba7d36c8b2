import type { Block } from '@talkwith/proto/dialogue';
import { logProblem, video, type Ctx } from './context.ts';
import { micOn, startTimer } from './devices.ts';
import { playVideo } from './playback.ts';
import { blockListens } from './routes.ts';
import type { EngineState } from './state.ts';

/**
 * Compares titles with their digit runs as numbers (prefix_2 before prefix_10), and
 * without the locale, so every browser and the server order a series alike.
 */
export function compareNumbered(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/gu) ?? [];
  const pb = b.match(/\d+|\D+/gu) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i += 1) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    if (x === y) continue;
    const numeric = /^\d/u.test(x) && /^\d/u.test(y);
    if (numeric && Number(x) !== Number(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/** listen_video_ids, else the listen_video_prefix series in numeric order of the titles (the first listen_video_number of them). */
export function listenVideoIds(state: EngineState, b: Block): string[] {
  if (b.listen_video_ids.length > 0) return b.listen_video_ids.filter((id) => state.index.videos.has(id));
  const prefix = state.character.setting.listen_video_prefix;
  if (!prefix) return [];
  const series = state.character.videos
    .filter((v) => v.title.startsWith(prefix))
    .sort((x, y) => compareNumbered(x.title, y.title))
    .map((v) => v.id);
  return b.listen_video_number > 0 ? series.slice(0, b.listen_video_number) : series;
}

/** Plays the next listen loop in rotation; without one, the standby loop stands in (and the problem is logged). */
export function playListenLoop(ctx: Ctx, b: Block): void {
  const ids = listenVideoIds(ctx.state, b);
  const session = ctx.rt.session;
  const id = ids[session.listenVideoOrder % Math.max(ids.length, 1)];
  if (id !== undefined) {
    session.listenVideoOrder += 1;
    playVideo(ctx, id, { kind: 'listenLoop' }, true);
    return;
  }
  logProblem(ctx, 'LISTEN_VIDEO_NOT_FOUND', { blockId: b.id });
  playVideo(ctx, ctx.state.character.setting.standby_video_id, { kind: 'listenLoop' }, true);
}

export function silenceLimitMs(ctx: Ctx, b: Block): number {
  if (!ctx.state.character.setting.silence_enabled) return 0;
  return (b.silence_time_limit || b.silence_limit) * 1000;
}

/** Opens the microphone (after mic_on_millisecond) and arms the silence timer. */
export function openMic(ctx: Ctx, b: Block): void {
  if (ctx.rt.micOpen) return;
  const delay = b.mic_on_millisecond ?? 0;
  micOn(ctx, delay);
  const limit = silenceLimitMs(ctx, b);
  if (limit > 0) startTimer(ctx, 'silence', limit + delay);
}

export function startListening(ctx: Ctx, b: Block): void {
  ctx.rt.phase = 'listening';
  playListenLoop(ctx, b);
  openMic(ctx, b);
}

/** A trigger video with mic_on opens the microphone early: at its start, or at mic_on_millisecond (videoTimeReached). */
export function openMicDuringTrigger(ctx: Ctx, b: Block, videoId: string, atStart: boolean): void {
  const v = video(ctx, videoId);
  if (!v || !v.mic_on || !blockListens(b)) return;
  const hasMark = v.mic_on_millisecond !== null && v.mic_on_millisecond > 0;
  if (atStart === hasMark) return;
  openMic(ctx, b);
}
