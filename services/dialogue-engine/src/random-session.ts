import type { PublicCharacter as Character, EngineCommand, EngineInput } from '@talkwith/proto/dialogue';
import { step } from './engine.ts';
import type { EngineState } from './state.ts';

/**
 * A random conversation against a simulated player, shared by the property
 * tests and the benchmark. Each move is turned into an input that fits the
 * current state most of the time (the video that is playing ends, a running
 * timer fires, the pending request answers) and sometimes does not (stale or
 * unknown inputs), so both the happy paths and the guards are exercised.
 */
export interface Move {
  kind: number;
  pick: number;
  text: string;
  advance: number;
}

export const VOCABULARY = [
  '食べ物',
  'ラーメン',
  '旅行',
  'キョウト',
  '北海道',
  'もう一回',
  '占い',
  'バイバイ',
  'ええと',
  'お寿司',
  '',
  '  ',
  'はい',
];
export const MOVE_KINDS = 16;

export interface PlayerModel {
  playing: { slot: 'A' | 'B'; videoId: string } | null;
  micOn: boolean;
  ended: boolean;
}

function nth<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

export function inputFor(state: EngineState, move: Move): EngineInput {
  const rt = state.rt;
  const cur = rt.current;
  const pending = rt.pendingRequest;
  const timers = Object.keys(rt.timers) as Array<'silence' | 'recognition' | 'hitWordDelay'>;
  const buttons = state.index.blocks.get(rt.blockId ?? '')?.action_buttons ?? [];
  const blocks = state.character.blocks;
  // A real player reports nothing about a paused video.
  if (rt.paused && [0, 1, 2, 14].includes(move.kind % MOVE_KINDS)) return { type: 'resume' };
  switch (move.kind % MOVE_KINDS) {
    case 0:
    case 1:
      return cur ? { type: 'videoEnded', slot: cur.slot, videoId: cur.videoId } : { type: 'ready' };
    case 2:
      return {
        type: 'videoEnded',
        slot: move.pick % 2 === 0 ? 'A' : 'B',
        videoId: nth(state.character.videos, move.pick)?.id ?? 'x',
      };
    case 3:
      return { type: 'speechInterim', text: move.text };
    case 4:
    case 5:
      return { type: 'speechFinal', text: move.text };
    case 6:
      return { type: 'timerFired', timer: nth(timers, move.pick) ?? 'silence' };
    case 7:
      return {
        type: 'timerFired',
        timer: nth(['silence', 'recognition', 'hitWordDelay'] as const, move.pick) ?? 'silence',
      };
    case 8:
      return {
        type: 'searchResult',
        requestId: pending?.id ?? 'r0',
        hits: blocks.slice(0, move.pick % 3).map((b, i) => ({ block_id: b.id, score: i + (move.pick % 7) })),
      };
    case 9:
      return move.pick % 4 === 0
        ? { type: 'requestFailed', requestId: pending?.id ?? 'r0', message: 'down' }
        : { type: 'scoreResult', requestId: pending?.id ?? 'r0', score: move.pick % 5 === 0 ? null : move.pick % 101 };
    case 10:
      return { type: 'actionButton', buttonId: nth(buttons, move.pick)?.id ?? 'none' };
    case 11:
      return move.pick % 2 === 0 ? { type: 'pause' } : { type: 'resume' };
    case 12:
      return move.pick % 7 === 0 ? { type: 'stop' } : { type: 'resume' };
    case 13:
      return startInput(state, move.pick);
    case 14:
      return cur
        ? { type: 'videoTimeReached', slot: cur.slot, videoId: cur.videoId, ms: move.pick % 5000 }
        : { type: 'ready' };
    default:
      return { type: 'ready' };
  }
}

function startInput(state: EngineState, pick: number): EngineInput {
  const buttons = state.character.startButtons;
  if (pick % 3 === 0) return { type: 'start', source: 'micTest' };
  if (pick % 3 === 1)
    return { type: 'start', source: 'resume', blockId: nth(state.character.blocks, pick)?.id ?? 'none' };
  return { type: 'start', source: 'button', buttonId: nth(buttons, pick)?.id ?? 'none' };
}

/** Applies the commands of one step to the simulated player. */
export function applyToPlayer(player: PlayerModel, input: EngineInput, commands: EngineCommand[]): void {
  if (input.type === 'videoEnded' && player.playing?.videoId === input.videoId && player.playing.slot === input.slot)
    player.playing = null;
  for (const c of commands) {
    if (c.type === 'playVideo') player.playing = { slot: c.slot, videoId: c.videoId };
    else if (c.type === 'micOn') player.micOn = true;
    else if (c.type === 'micOff') player.micOn = false;
    else if (c.type === 'end') {
      player.ended = true;
      player.playing = null;
      player.micOn = false;
    }
  }
  if (input.type === 'ready' && commands.some((c) => c.type === 'playVideo')) player.ended = false;
  if (input.type === 'switchCharacter') player.ended = false;
}

export interface Transcript {
  inputs: EngineInput[];
  commands: EngineCommand[][];
  states: EngineState[];
  players: PlayerModel[];
}

/** Runs a whole random session from standby (`ready` first). */
export function runSession(initial: EngineState, moves: readonly Move[]): Transcript {
  let state = initial;
  let now = 0;
  const player: PlayerModel = { playing: null, micOn: false, ended: false };
  const t: Transcript = { inputs: [], commands: [], states: [], players: [] };
  const feed = (input: EngineInput, advance: number) => {
    now += advance;
    const r = step(state, input, now);
    state = r.state;
    applyToPlayer(player, input, r.commands);
    t.inputs.push(input);
    t.commands.push(r.commands);
    t.states.push(state);
    t.players.push({ ...player });
  };
  feed({ type: 'ready' }, 0);
  for (const move of moves) feed(inputFor(state, move), move.advance);
  return t;
}

export function characterVideoIds(character: Character): Set<string> {
  return new Set(character.videos.map((v) => v.id));
}
