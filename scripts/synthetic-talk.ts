/**
 * Synthetic talk: one visitor's conversation with the demo character, from
 * outside, as a probe (issue 15). Against a running base URL it fetches ミライ
 * (GET /api/characters/by-slug/mirai), runs the dialogue engine headless
 * through start → the hit word ラーメン in the greeting → stop, checks that
 * every clip the engine would play or preload answers (a one-byte range GET:
 * 200 or 206), and that POST /api/dialogue/search answers. Prints one JSON line
 * of timings; exits 0 on success, 1 with the failed step otherwise.
 *
 *   SYNTHETIC_BASE_URL=https://talkwith.example node scripts/synthetic-talk.ts
 */
import { initialState, step, type EngineState } from '@talkwith/dialogue-engine';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import type { EngineCommand, EngineInput } from '@talkwith/proto/dialogue';

export const SYNTHETIC_SLUG = 'mirai';
/** ミライ's greeting takes this word as a hit (the demo character's food route). */
export const HIT_WORD = 'ラーメン';
/** Playback steps the probe lets the engine take before it gives up on reaching the next state. */
const MAX_CLIPS = 10;
const REQUEST_TIMEOUT_MS = 10_000;

type Playable = PlayableCharacter['character'];

export interface SyntheticResult {
  ok: boolean;
  /** The step that failed (absent on success). */
  failedStep?: string;
  message?: string;
  /** Milliseconds per step, and in all. */
  timings: Record<string, number>;
  clipsChecked: number;
}

/** A failure of one named step: the message says what the probe expected and got. */
export class SyntheticFailure extends Error {
  readonly step: string;
  constructor(step: string, message: string) {
    super(message);
    this.step = step;
  }
}

const timeout = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);

async function fetchCharacter(base: string): Promise<Playable> {
  const response = await fetch(new URL(`/api/characters/by-slug/${SYNTHETIC_SLUG}`, base), { signal: timeout() });
  if (!response.ok)
    throw new SyntheticFailure(
      'character',
      `GET /api/characters/by-slug/${SYNTHETIC_SLUG} answered ${response.status}`,
    );
  return ((await response.json()) as PlayableCharacter).character;
}

/** The engine headless: each input's commands, and every clip it asked for (played or preloaded). */
class HeadlessTalk {
  private state: EngineState;
  private now = 0;
  readonly clips = new Set<string>();
  last: EngineCommand[] = [];

  constructor(character: Playable) {
    this.state = initialState(character.dialogue, { seed: 1 });
  }

  send(input: EngineInput): EngineCommand[] {
    this.now += 1000;
    const result = step(this.state, input, this.now);
    this.state = result.state;
    this.last = result.commands;
    for (const command of result.commands)
      if (command.type === 'playVideo' || command.type === 'preloadVideo') this.clips.add(command.videoId);
    return result.commands;
  }

  get blockId(): string | null {
    return this.state.rt.blockId;
  }

  /** Lets the playing clips end one after another until a command of `type` comes. */
  playUntil(type: EngineCommand['type'], stepName: string): void {
    for (let i = 0; i < MAX_CLIPS; i++) {
      if (this.last.some((c) => c.type === type)) return;
      const playing = this.last.findLast((c) => c.type === 'playVideo');
      if (!playing || playing.type !== 'playVideo') break;
      this.send({ type: 'videoEnded', slot: playing.slot, videoId: playing.videoId });
    }
    if (!this.last.some((c) => c.type === type))
      throw new SyntheticFailure(stepName, `the engine never asked for ${type}`);
  }
}

/** start → listening → the hit word → its reply → stop; returns the clips the engine asked for. */
export function talkHeadless(character: Playable): { clips: Set<string>; greetingBlockId: string } {
  const talk = new HeadlessTalk(character);
  const buttons = talk.send({ type: 'ready' }).find((c) => c.type === 'showStartButtons');
  const first = buttons?.type === 'showStartButtons' ? buttons.buttons[0] : undefined;
  if (!first) throw new SyntheticFailure('start', 'the standby shows no start button');
  talk.send({ type: 'start', source: 'button', buttonId: first.id });
  talk.playUntil('micOn', 'listen');
  const greetingBlockId = talk.blockId ?? '';
  const heard = talk.send({ type: 'speechFinal', text: HIT_WORD });
  if (!heard.some((c) => c.type === 'startTimer' && c.timer === 'hitWordDelay'))
    throw new SyntheticFailure('hit word', `${HIT_WORD} was not taken as a hit word in ${greetingBlockId}`);
  talk.send({ type: 'timerFired', timer: 'hitWordDelay' });
  talk.playUntil('trackStep', 'reply');
  const ended = talk.send({ type: 'stop' });
  if (!ended.some((c) => c.type === 'end')) throw new SyntheticFailure('end', 'stop did not end the conversation');
  return { clips: talk.clips, greetingBlockId };
}

/** One byte of each clip, a few at a time: the CDN or /files must serve every one. */
async function checkClips(base: string, character: Playable, clips: Set<string>): Promise<number> {
  const ids = [...clips];
  for (let i = 0; i < ids.length; i += 4) {
    await Promise.all(
      ids.slice(i, i + 4).map(async (id) => {
        const url = character.media.videos[id];
        if (!url) throw new SyntheticFailure('clips', `clip ${id} has no URL in the character's media`);
        const response = await fetch(new URL(url, base), { headers: { range: 'bytes=0-0' }, signal: timeout() });
        await response.body?.cancel();
        if (response.status !== 200 && response.status !== 206)
          throw new SyntheticFailure('clips', `clip ${id} (${url}) answered ${response.status}`);
      }),
    );
  }
  return ids.length;
}

async function checkSearch(base: string, character: Playable, blockId: string): Promise<void> {
  const block = character.dialogue.blocks.find((b) => b.id === blockId);
  const body = {
    character_id: character.dialogue.id,
    block_id: blockId,
    text: 'カレーが好き',
    candidates: block?.valid_response_ids ?? [],
  };
  const response = await fetch(new URL('/api/dialogue/search', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: timeout(),
  });
  const reply = (await response.json().catch(() => null)) as { ok?: boolean; hits?: unknown } | null;
  if (!response.ok || reply?.ok !== true || !Array.isArray(reply.hits))
    throw new SyntheticFailure('search', `POST /api/dialogue/search answered ${response.status}`);
}

async function timed<T>(timings: Record<string, number>, name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - started);
  }
}

/** The whole probe against `base`; never throws: a failure is in the result. */
export async function runSyntheticTalk(base: string): Promise<SyntheticResult> {
  const timings: Record<string, number> = {};
  const started = performance.now();
  let clipsChecked = 0;
  try {
    const character = await timed(timings, 'characterMs', () => fetchCharacter(base));
    const { clips, greetingBlockId } = await timed(timings, 'engineMs', () => talkHeadless(character));
    clipsChecked = await timed(timings, 'clipsMs', () => checkClips(base, character, clips));
    await timed(timings, 'searchMs', () => checkSearch(base, character, greetingBlockId));
    return { ok: true, timings: { ...timings, totalMs: Math.round(performance.now() - started) }, clipsChecked };
  } catch (err) {
    const failedStep = err instanceof SyntheticFailure ? err.step : 'request';
    return {
      ok: false,
      failedStep,
      message: (err as Error).message,
      timings: { ...timings, totalMs: Math.round(performance.now() - started) },
      clipsChecked,
    };
  }
}

if (import.meta.main) {
  const base = process.env.SYNTHETIC_BASE_URL;
  if (!base || !URL.canParse(base)) {
    console.error("synthetic talk: set SYNTHETIC_BASE_URL to the site's base URL (e.g. https://talkwith.example)");
    process.exit(2);
  }
  const result = await runSyntheticTalk(base);
  console.log(JSON.stringify({ check: 'synthetic-talk', base, at: new Date().toISOString(), ...result }));
  if (!result.ok) console.error(`synthetic talk failed at ${result.failedStep}: ${result.message}`);
  process.exit(result.ok ? 0 : 1);
}
