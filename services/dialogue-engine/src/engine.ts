import type { PublicCharacter as Character, EngineCommand, EngineInput } from '@talkwith/proto/dialogue';
import { INTERFACE_LANGUAGES } from '@talkwith/proto/i18n';
import { problemCommand, type Ctx } from './context.ts';
import { onActionButton, onPause, onResume, onStart, onStop, showStandby } from './controls.ts';
import { continueLeaving, endConversation } from './flow.ts';
import { intakeCharacter, isEngineInput, isRecord } from './intake.ts';
import { onInterim, onFinal, onRecognitionTimeout } from './recognition.ts';
import { onRequestFailed, onScoreResult, onSearchResult, onUnderstandResult } from './results.ts';
import { onSilence } from './silence.ts';
import type { CharacterIndex, EngineOptions, EngineState, Runtime } from './state.ts';
import { onVideoEnded, onVideoTimeReached } from './video-events.ts';

export interface StepResult {
  state: EngineState;
  commands: EngineCommand[];
}

function freshRuntime(seed: number): Runtime {
  return {
    phase: 'standby',
    paused: false,
    blockId: null,
    current: null,
    queuedBlockId: null,
    micOpen: false,
    pausedMic: false,
    utterance: null,
    timers: {},
    pausedTimers: {},
    pendingRequest: null,
    deferred: null,
    leavingTo: null,
    leavingVia: null,
    leadingMatch: null,
    leadingEvidence: null,
    played: [],
    kikiwasureAsked: [],
    invalidCount: 0,
    silenceCount: 0,
    spjOutCount: 0,
    randomCounts: {},
    randomDrawn: [],
    slotValues: {},
    previousSpeech: '',
    leadingUtterance: '',
    rng: seed | 0,
    requestSeq: 0,
    talkingSince: null,
    session: {
      appState: 'paused',
      slots: { A: { video_id: null, playing: false }, B: { video_id: null, playing: false } },
      activeSlot: 'B',
      loopMax: 0,
      loopCount: 0,
      silenceLoopCount: 0,
      listenVideoOrder: 0,
      totalBilledTime: 0,
      blockText: '',
      blockSpjEmptyCount: 0,
      standby: true,
      startTalking: false,
    },
  };
}

function indexCharacter(character: Character): CharacterIndex {
  return {
    videos: new Map(character.videos.map((v) => [v.id, v])),
    blocks: new Map(character.blocks.map((b) => [b.id, b])),
  };
}

const TALK_LANGUAGES: readonly unknown[] = INTERFACE_LANGUAGES;

/** A talk language other than the default, from options or a state; anything else is the default (undefined). */
function languageOf(options: unknown): EngineOptions['language'] {
  const language = isRecord(options) ? options.language : undefined;
  return TALK_LANGUAGES.includes(language) && language !== 'ja-JP'
    ? (language as EngineOptions['language'])
    : undefined;
}

function seedOf(options: unknown): number {
  const seed = isRecord(options) ? options.seed : undefined;
  return typeof seed === 'number' && Number.isFinite(seed) ? seed : 1;
}

/**
 * A session in standby mode for one character. Send `{type: 'ready'}` to show the standby loop.
 * Never throws: a malformed character is repaired (see intake.ts) and the problem logged with the standby.
 */
export function initialState(character: Character, options: EngineOptions = {}): EngineState {
  const seed = seedOf(options);
  const understanding = isRecord(options) && options.understanding === true;
  const intake = intakeCharacter(character);
  const language = languageOf(options);
  return {
    character: intake.character,
    index: indexCharacter(intake.character),
    seed,
    understanding,
    ...(language ? { language } : {}),
    rt: freshRuntime(seed),
    characterIssues: intake.issues,
  };
}

/** A state step() can work on: what initialState returns (the runtime itself is trusted; a fault in it is caught). */
function isUsableState(state: unknown): state is EngineState {
  if (!isRecord(state) || !isRecord(state.rt) || !isRecord(state.character) || !Array.isArray(state.characterIssues))
    return false;
  const index = state.index;
  return isRecord(index) && index.videos instanceof Map && index.blocks instanceof Map;
}

function dispatch(ctx: Ctx, input: EngineInput): void {
  const rt = ctx.rt;
  if (
    rt.paused &&
    (input.type === 'searchResult' ||
      input.type === 'scoreResult' ||
      input.type === 'understandResult' ||
      input.type === 'requestFailed')
  ) {
    rt.deferred = input;
    return;
  }
  if (rt.paused && input.type !== 'resume' && input.type !== 'stop') return;
  switch (input.type) {
    case 'ready':
      if (rt.phase === 'ended') Object.assign(rt, freshRuntime(rt.rng));
      if (rt.phase === 'standby') showStandby(ctx);
      return;
    case 'start':
      return onStart(ctx, input);
    case 'videoEnded':
      return onVideoEnded(ctx, input);
    case 'videoTimeReached':
      return onVideoTimeReached(ctx, input);
    case 'speechInterim':
      return onInterim(ctx, input.text);
    case 'speechFinal':
      return onFinal(ctx, input.text);
    case 'timerFired':
      return onTimer(ctx, input.timer);
    case 'searchResult':
      return onSearchResult(ctx, input);
    case 'scoreResult':
      return onScoreResult(ctx, input);
    case 'understandResult':
      return onUnderstandResult(ctx, input);
    case 'requestFailed':
      return onRequestFailed(ctx, input);
    case 'actionButton':
      return onActionButton(ctx, input.buttonId);
    case 'pause':
      return onPause(ctx);
    case 'resume':
      return resume(ctx);
    case 'stop':
      return onStop(ctx);
    case 'switchCharacter':
      return;
  }
}

function resume(ctx: Ctx): void {
  onResume(ctx);
  const deferred = ctx.rt.deferred;
  ctx.rt.deferred = null;
  if (deferred && !ctx.rt.paused) dispatch(ctx, deferred);
}

function onTimer(ctx: Ctx, timer: 'silence' | 'recognition' | 'hitWordDelay'): void {
  // A timer that is not running (cancelled, or fired twice) is stale.
  if (!ctx.rt.timers[timer]) return;
  delete ctx.rt.timers[timer];
  if (timer === 'silence') onSilence(ctx);
  else if (timer === 'recognition') onRecognitionTimeout(ctx);
  else continueLeaving(ctx);
}

function run(state: EngineState, now: number, body: (ctx: Ctx) => void): StepResult {
  try {
    const ctx: Ctx = { state, rt: structuredClone(state.rt), commands: [], now, depth: 0, entries: 0 };
    body(ctx);
    return { state: { ...state, rt: ctx.rt }, commands: ctx.commands };
  } catch (error) {
    // Never throw into the player: the fault is logged and the previous state kept.
    const detail = error instanceof Error ? error.message : String(error);
    return { state, commands: [problemCommand('ENGINE_FAULT', { detail })] };
  }
}

/** Switching character ends the current conversation and shows the new character's standby. */
function switchCharacter(state: EngineState, character: Character, now: number): StepResult {
  const ending = run(state, now, (ctx) => {
    if (ctx.rt.phase !== 'ended' && ctx.rt.phase !== 'standby') endConversation(ctx, 'switched');
  });
  const standby = run(
    initialState(character, {
      seed: state.seed,
      understanding: state.understanding === true,
      language: languageOf(state),
    }),
    now,
    showStandby,
  );
  return { state: standby.state, commands: [...ending.commands, ...standby.commands] };
}

/** Not an engine state (a host bug): a standby state of whatever character it held, and the fault logged. */
function recoverState(state: unknown): StepResult {
  const held = isRecord(state) ? state : {};
  const fresh = initialState(held.character as Character, {
    seed: typeof held.seed === 'number' ? held.seed : undefined,
    understanding: held.understanding === true,
    language: languageOf(held),
  });
  return { state: fresh, commands: [problemCommand('ENGINE_FAULT', { detail: 'not an engine state' })] };
}

function inputType(input: unknown): string {
  return isRecord(input) && typeof input.type === 'string' ? input.type : typeof input;
}

/**
 * The engine: (state, input, now) → (new state, commands). Pure; `now` is the caller's clock in ms.
 * Never throws: an input that is not an EngineInput is logged (INVALID_INPUT) and the state kept;
 * something that is not an engine state is replaced by a standby state of its character (ENGINE_FAULT).
 */
export function step(state: EngineState, input: EngineInput, now: number): StepResult {
  const clock = Number.isFinite(now) ? now : 0;
  if (!isUsableState(state)) return recoverState(state);
  if (!isEngineInput(input))
    return { state, commands: [problemCommand('INVALID_INPUT', { inputType: inputType(input) })] };
  if (input.type === 'switchCharacter') return switchCharacter(state, input.character, clock);
  return run(state, clock, (ctx) => dispatch(ctx, input));
}
