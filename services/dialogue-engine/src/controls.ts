import { googleKeyConfigured, type EngineInputOf, type StartButton, type TimerName } from '@talkwith/proto/dialogue';
import { block, currentBlock, emit, log, logProblem, setLeadingMatch, video, type Ctx } from './context.ts';
import { micOff, micOn, startTimer, stopListening } from './devices.ts';
import { endConversation, enterBlock } from './flow.ts';
import { playVideo } from './playback.ts';
import { blockListens } from './routes.ts';
import { resetSilenceCount } from './silence.ts';

const MAX_LOGGED_PATHS = 20;

/** Standby: the standby loop and the start buttons (and what was wrong with the character data, if anything). */
export function showStandby(ctx: Ctx): void {
  const { setting, startButtons } = ctx.state.character;
  const issues = ctx.state.characterIssues;
  if (issues.length > 0)
    logProblem(ctx, 'CHARACTER_DATA_INVALID', { paths: issues.slice(0, MAX_LOGGED_PATHS), count: issues.length });
  if (!playVideo(ctx, setting.standby_video_id, { kind: 'loop' }, true)) logProblem(ctx, 'NO_STANDBY_VIDEO');
  emit(ctx, { type: 'showStartButtons', buttons: startButtons });
}

function defaultButton(ctx: Ctx): StartButton | undefined {
  const { setting, startButtons } = ctx.state.character;
  const found = startButtons.find((b) => b.id === setting.default_start_button_id);
  if (!found) logProblem(ctx, 'NO_DEFAULT_START_BUTTON');
  return found;
}

function startBlock(ctx: Ctx, input: EngineInputOf<'start'>): string | undefined {
  const { setting, startButtons } = ctx.state.character;
  if (input.source === 'resume' && block(ctx, input.blockId)) return input.blockId;
  if (input.source === 'micTest') {
    if (block(ctx, setting.for_mic_test)) return setting.for_mic_test ?? undefined;
    logProblem(ctx, 'MIC_TEST_NOT_SET');
  }
  const button =
    (input.source === 'button' ? startButtons.find((b) => b.id === input.buttonId) : undefined) ?? defaultButton(ctx);
  if (!button) return undefined;
  if (block(ctx, button.block_id)) return button.block_id;
  logProblem(ctx, 'START_BUTTON_BLOCK_MISSING', { buttonId: button.id, blockId: button.block_id });
  return undefined;
}

/** A start button, a resume of the previous block or a mic test begins the conversation. */
export function onStart(ctx: Ctx, input: EngineInputOf<'start'>): void {
  const rt = ctx.rt;
  if (rt.phase !== 'standby' || rt.paused) return;
  const setting = ctx.state.character.setting;
  if (!setting.use_web_speech_api && !googleKeyConfigured(setting)) logProblem(ctx, 'INVALID_GOOGLE_KEY');
  const target = startBlock(ctx, input);
  if (!target) return;
  rt.session.standby = false;
  rt.session.startTalking = true;
  rt.session.appState = 'playing';
  rt.talkingSince = ctx.now;
  emit(ctx, { type: 'showStartButtons', buttons: [] });
  log(ctx, 'play', '会話を開始しました。', { source: input.source, blockId: target });
  enterBlock(ctx, target, input.source === 'resume' && target === input.blockId ? 'resume' : 'start');
}

export function onActionButton(ctx: Ctx, buttonId: string): void {
  const rt = ctx.rt;
  const b = currentBlock(ctx);
  const button = b?.action_buttons.find((x) => x.id === buttonId);
  if (!b || !button || rt.paused || rt.phase === 'ended' || rt.phase === 'standby') return;
  log(ctx, 'other', `アクションボタン: ${button.title}`, { blockId: b.id, buttonId });
  resetSilenceCount(ctx);
  rt.leadingUtterance = '';
  setLeadingMatch(ctx, null);
  if (button.kind === 'end') {
    endConversation(ctx, 'button');
    return;
  }
  if (button.kind === 'video' && video(ctx, button.video_id)) {
    stopListening(ctx);
    rt.phase = 'reacting';
    playVideo(ctx, button.video_id, blockListens(b) ? { kind: 'listen' } : { kind: 'afterTrigger' });
    return;
  }
  const target = block(ctx, button.block_id);
  if (button.kind !== 'block' || !target) return;
  const oneShotPlaying =
    rt.current !== null && rt.current.after.kind !== 'loop' && rt.current.after.kind !== 'listenLoop';
  if (oneShotPlaying && !video(ctx, target.trigger_video_id)?.play_now) {
    stopListening(ctx);
    rt.queuedBlockId = target.id;
    return;
  }
  enterBlock(ctx, target.id, 'button');
}

export function onPause(ctx: Ctx): void {
  const rt = ctx.rt;
  if (rt.paused || rt.phase === 'ended') return;
  rt.paused = true;
  rt.session.appState = 'paused';
  if (rt.talkingSince !== null) rt.session.totalBilledTime += Math.max(0, ctx.now - rt.talkingSince);
  rt.talkingSince = null;
  for (const [timer, run] of Object.entries(rt.timers)) {
    rt.pausedTimers[timer as TimerName] = Math.max(0, run.ms - (ctx.now - run.startedAt));
    delete rt.timers[timer as TimerName];
    emit(ctx, { type: 'cancelTimer', timer: timer as TimerName });
  }
  rt.pausedMic = rt.micOpen;
  const utterance = rt.utterance;
  micOff(ctx);
  rt.utterance = utterance;
  emit(ctx, { type: 'pauseVideo' });
  log(ctx, 'play', '一時停止しました。');
}

export function onResume(ctx: Ctx): void {
  const rt = ctx.rt;
  if (!rt.paused) return;
  rt.paused = false;
  rt.session.appState = rt.session.startTalking ? 'playing' : 'paused';
  if (!rt.session.standby) rt.talkingSince = ctx.now;
  emit(ctx, { type: 'resumeVideo' });
  if (rt.pausedMic) {
    const utterance = rt.utterance;
    micOn(ctx, 0);
    rt.utterance = utterance;
  }
  rt.pausedMic = false;
  for (const [timer, ms] of Object.entries(rt.pausedTimers)) startTimer(ctx, timer as TimerName, ms);
  rt.pausedTimers = {};
  log(ctx, 'play', '再開しました。');
}

export function onStop(ctx: Ctx): void {
  if (ctx.rt.phase === 'ended') return;
  ctx.rt.paused = false;
  ctx.rt.pausedTimers = {};
  endConversation(ctx, 'stopped');
}
