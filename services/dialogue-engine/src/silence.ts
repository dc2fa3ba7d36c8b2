import { currentBlock, existingVideos, ladderEntry, logProblem, setLeadingMatch, type Ctx } from './context.ts';
import { micOff } from './devices.ts';
import { endConversation, enterBlock, pickBlock } from './flow.ts';
import { openMic } from './listen.ts';
import { react } from './results.ts';

/** The user did something (an utterance, a button): the no-input ladder starts over. Entering a block resets it too. */
export function resetSilenceCount(ctx: Ctx): void {
  ctx.rt.silenceCount = 0;
  ctx.rt.session.silenceLoopCount = 0;
}

/**
 * The no-input ladder, run when the silence timer fires with the microphone
 * open and nothing heard: silence videos until silence_count, then
 * silence_final_blocks (or the end).
 */
export function onSilence(ctx: Ctx): void {
  const rt = ctx.rt;
  const b = currentBlock(ctx);
  if (!b || !rt.micOpen || rt.utterance || rt.paused || (rt.phase !== 'listening' && rt.phase !== 'trigger')) return;
  rt.silenceCount += 1;
  rt.session.silenceLoopCount = rt.silenceCount;
  rt.leadingUtterance = '';
  setLeadingMatch(ctx, null);
  const count = rt.silenceCount;
  micOff(ctx);
  if (b.silence_count > 0 && count >= b.silence_count) {
    const next = pickBlock(ctx, [...b.silence_final_blocks, b.silence_final_block_id]);
    if (next) {
      enterBlock(ctx, next, 'silence');
      return;
    }
    logProblem(ctx, 'SILENCE_SETTINGS_MISSING', { blockId: b.id, missing: 'silence_final_blocks' });
    endConversation(ctx, 'silence');
    return;
  }
  const ladder = existingVideos(ctx, b.silence_video_ids);
  if (react(ctx, ladderEntry(ladder, count) ?? b.silence_video_id)) return;
  logProblem(ctx, 'SILENCE_SETTINGS_MISSING', { blockId: b.id, missing: 'silence_video_ids' });
  openMic(ctx, b);
}
