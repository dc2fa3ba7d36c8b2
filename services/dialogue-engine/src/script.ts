import type { BlockName, TestInput, TestStep, TestStepResult } from '@talkwith/proto/catalog';
import type {
  PublicCharacter as Character,
  EngineCommand,
  EngineCommandOf,
  EngineInput,
  HitWordMatch,
} from '@talkwith/proto/dialogue';
import { initialState, step } from './engine.ts';
import type { EngineState } from './state.ts';

/**
 * Plays a character test (proto catalog TestStep) headlessly: the real
 * engine, driven the way a player would drive it. After each step of the
 * user the conversation is let run until it waits for the user again: every
 * one-shot video ends, the hit-word delay passes, a server request is
 * answered; it stops when the microphone is open, a looping clip waits for a
 * button, or the conversation ended.
 *
 * Matching is the player's: hit words found literally after normalisation,
 * then — when the host gives `understand` (the catalog does, with
 * `@talkwith/dialogue-engine/understanding`) — by reading, base form and
 * synonym as the dialogue service answers a player (engine option
 * `understanding` on). The host answers the other requests that need a
 * server (search, SPJ score) with `answer`. Without one,
 * a step that needs such an answer cannot be checked: it is reported
 * `unchecked` (not failed) and the test stops there, since what follows
 * depends on the server's answer.
 */
export type ServerRequest =
  EngineCommandOf<'requestSearch'> | EngineCommandOf<'requestScore'> | EngineCommandOf<'requestUnderstand'>;
export interface ScriptOptions {
  seed?: number;
  answer?: (request: ServerRequest) => EngineInput;
  /** Where the current block's phrases occur in what the user said (the server's understanding); absent: literal matching only. */
  understand?: (blockId: string, text: string) => HitWordMatch[];
  /** Sees every input fed to the engine and the commands it answered with (route coverage watches the blocks entered). */
  observe?: (input: EngineInput, commands: readonly EngineCommand[]) => void;
}

/** Settling a step never takes more engine inputs than this (a flow that loops forever without the user fails the step). */
const SETTLE_LIMIT = 500;

const UNCHECKED = 'サーバーの検索・SPJ の判定で進むため、この先はテストでは確かめられません。';
const failedRequest = (request: ServerRequest): EngineInput => ({
  type: 'requestFailed',
  requestId: request.requestId,
  message: 'テストではサーバーの認識を使いません。',
});

class ScriptPlayer {
  state: EngineState;
  now = 0;
  private readonly answer: (request: ServerRequest) => EngineInput;
  private commands: EngineCommand[] = [];
  private readonly observe: ScriptOptions['observe'];
  /** A server request was answered without a host's answer since the last take(). */
  unanswered = false;

  constructor(character: Character, options: ScriptOptions) {
    const { understand } = options;
    this.observe = options.observe;
    this.state = initialState(character, { seed: options.seed ?? 1, understanding: understand !== undefined });
    const answer =
      options.answer ??
      ((request: ServerRequest) => {
        this.unanswered = true;
        return failedRequest(request);
      });
    this.answer = (request) =>
      request.type === 'requestUnderstand' && understand
        ? {
            type: 'understandResult',
            requestId: request.requestId,
            matches: understand(this.state.rt.blockId ?? '', request.text),
          }
        : answer(request);
    this.feed({ type: 'ready' });
  }

  feed(input: EngineInput): void {
    this.now += 100;
    const result = step(this.state, input, this.now);
    this.state = result.state;
    this.commands.push(...result.commands);
    this.observe?.(input, result.commands);
  }

  /** The commands since the last call. */
  take(): EngineCommand[] {
    const taken = this.commands;
    this.commands = [];
    this.unanswered = false;
    return taken;
  }

  /** Runs the conversation until it waits for the user; false when it never does. */
  settle(): boolean {
    for (let n = 0; n < SETTLE_LIMIT; n += 1) {
      const next = this.nextByItself();
      if (!next) return true;
      this.feed(next);
    }
    return false;
  }

  private nextByItself(): EngineInput | null {
    const rt = this.state.rt;
    if (rt.phase === 'ended' || rt.phase === 'standby') return null;
    if (rt.timers.hitWordDelay) return { type: 'timerFired', timer: 'hitWordDelay' };
    if (rt.pendingRequest) {
      const request = this.commands.findLast(
        (c): c is ServerRequest => isRequest(c) && c.requestId === rt.pendingRequest?.id,
      );
      return request
        ? this.answer(request)
        : { type: 'requestFailed', requestId: rt.pendingRequest.id, message: 'no request' };
    }
    if (rt.micOpen && (rt.phase === 'listening' || rt.phase === 'trigger')) return null;
    const cur = rt.current;
    if (cur && cur.after.kind !== 'loop') return { type: 'videoEnded', slot: cur.slot, videoId: cur.videoId };
    return null;
  }
}

const isRequest = (c: EngineCommand): c is ServerRequest =>
  c.type === 'requestSearch' || c.type === 'requestScore' || c.type === 'requestUnderstand';

/** The engine input a step stands for, or why it cannot be played now (Japanese, shown to the operator). */
function inputOf(player: ScriptPlayer, input: TestInput): EngineInput | { problem: string } {
  const rt = player.state.rt;
  const block = player.state.index.blocks.get(rt.blockId ?? '');
  switch (input.kind) {
    case 'start':
    case 'start_at':
      if (rt.phase !== 'standby' && rt.phase !== 'ended') return { problem: '会話の途中では始められません。' };
      return input.kind === 'start'
        ? { type: 'start', source: 'button', ...(input.button_id ? { buttonId: input.button_id } : {}) }
        : { type: 'start', source: 'resume', blockId: input.block_id };
    case 'say':
      if (!rt.micOpen) return { problem: 'マイクが開いていないため話せません。' };
      return { type: 'speechFinal', text: input.text };
    case 'silence':
      if (rt.timers.silence) return { type: 'timerFired', timer: 'silence' };
      if (rt.timers.recognition) return { type: 'timerFired', timer: 'recognition' };
      return { problem: 'この時点では無言のタイムアウトがありません。' };
    case 'button':
      if (!block?.action_buttons.some((b) => b.id === input.button_id))
        return { problem: `ボタン「${input.button_id}」はこのブロックにありません。` };
      return { type: 'actionButton', buttonId: input.button_id };
  }
}

/** The block a step led to: the first block entered, else the end, else the block it stayed in. */
function reachedBlock(state: EngineState, commands: readonly EngineCommand[]): string | null {
  const entered = commands.find((c) => c.type === 'trackStep');
  if (entered) return entered.blockId;
  if (state.rt.phase === 'ended' || commands.some((c) => c.type === 'end')) return null;
  return state.rt.blockId;
}

export function blockName(character: Character, id: string | null): BlockName {
  if (id === null) return null;
  const title = character.blocks.find((b) => b.id === id)?.title;
  return { id, title: title || id };
}

/** The title of the button or block an input names (what the operator reads instead of its id). */
function inputTitle(state: EngineState, input: TestInput): string | undefined {
  const { character, rt, index } = state;
  switch (input.kind) {
    case 'start': {
      const id = input.button_id ?? character.setting.default_start_button_id;
      return (
        character.startButtons.find((b) => b.id === id) ?? (input.button_id ? undefined : character.startButtons[0])
      )?.title;
    }
    case 'start_at':
      return index.blocks.get(input.block_id)?.title;
    case 'button':
      return index.blocks.get(rt.blockId ?? '')?.action_buttons.find((b) => b.id === input.button_id)?.title;
    default:
      return undefined;
  }
}

function playStep(player: ScriptPlayer, character: Character, s: TestStep): TestStepResult {
  const expected = blockName(character, s.expect_block_id);
  const title = inputTitle(player.state, s.input);
  const named = { input: s.input, ...(title ? { input_title: title } : {}) };
  const input = inputOf(player, s.input);
  if ('problem' in input)
    return {
      ...named,
      expected,
      reached: blockName(character, player.state.rt.blockId),
      passed: false,
      problem: input.problem,
    };
  player.take();
  if (player.state.rt.phase === 'ended' && input.type === 'start') player.feed({ type: 'ready' });
  player.feed(input);
  const settled = player.settle();
  const unanswered = player.unanswered;
  const reached = reachedBlock(player.state, player.take());
  if (unanswered) return { ...named, expected, reached: null, passed: false, unchecked: true, problem: UNCHECKED };
  const problem = settled ? undefined : '会話が利用者を待たずに回り続けています。';
  return {
    ...named,
    expected,
    reached: blockName(character, reached),
    passed: settled && reached === s.expect_block_id,
    ...(problem ? { problem } : {}),
  };
}

/**
 * Plays every step in order and stops at the first that fails (what follows
 * it would be played from a state the test did not mean). A test that does
 * not begin with a start begins with the default start button.
 */
export function playScript(
  character: Character,
  steps: readonly TestStep[],
  options: ScriptOptions = {},
): TestStepResult[] {
  const player = new ScriptPlayer(character, options);
  const first = steps[0]?.input.kind;
  if (first !== 'start' && first !== 'start_at') {
    player.feed({ type: 'start', source: 'button' });
    player.settle();
  }
  const results: TestStepResult[] = [];
  for (const s of steps) {
    const result = playStep(player, character, s);
    results.push(result);
    if (!result.passed) break;
  }
  return results;
}
