import type { TimerName } from '@talkwith/proto/dialogue';
import { emit, type Ctx } from './context.ts';

/** Microphone and timer commands, mirrored in the runtime so pause/resume and stale inputs can be handled. */

export function startTimer(ctx: Ctx, timer: TimerName, ms: number): void {
  ctx.rt.timers[timer] = { startedAt: ctx.now, ms };
  emit(ctx, { type: 'startTimer', timer, ms });
}

export function cancelTimer(ctx: Ctx, timer: TimerName): void {
  if (!ctx.rt.timers[timer]) return;
  delete ctx.rt.timers[timer];
  emit(ctx, { type: 'cancelTimer', timer });
}

export function cancelAllTimers(ctx: Ctx): void {
  for (const timer of Object.keys(ctx.rt.timers) as TimerName[]) cancelTimer(ctx, timer);
}

export function micOn(ctx: Ctx, delayMs: number): void {
  if (ctx.rt.micOpen) return;
  ctx.rt.micOpen = true;
  ctx.rt.utterance = null;
  emit(ctx, { type: 'micOn', delayMs, showIndicator: ctx.state.character.setting.show_speech_mic });
}

export function micOff(ctx: Ctx): void {
  ctx.rt.utterance = null;
  if (!ctx.rt.micOpen) return;
  ctx.rt.micOpen = false;
  emit(ctx, { type: 'micOff' });
}

/** Stops everything tied to listening in the current block. */
export function stopListening(ctx: Ctx): void {
  micOff(ctx);
  cancelAllTimers(ctx);
  ctx.rt.pendingRequest = null;
}
