import type { VideoSlotName } from '@talkwith/proto/dialogue';
import type { CharacterMedia } from '@talkwith/proto/catalog';
import type { Character } from '@talkwith/proto/dialogue';
import type {
  HitWordMatch,
  ScoreRequest,
  SearchRequest,
  TalkStartRequest,
  TrackStepRequest,
  UnderstandRequest,
  UnmatchedRequest,
} from '@talkwith/proto/dialogue';
import {
  TalkRefused,
  type Clock,
  type LogEntry,
  type LogSink,
  type RecognitionPort,
  type SearchHit,
  type SpeechPort,
  type TalkPort,
  type VideoPort,
} from './ports.ts';

/** Test doubles for the runner's ports: they record what was asked of them. */
export function fakeVideo() {
  const warmed: string[][] = [];
  const calls: Array<{
    op: string;
    slot?: VideoSlotName;
    url?: string;
    loop?: boolean;
    loopCount?: number;
    notifyAtMs?: number | null;
    inMs?: number;
  }> = [];
  const port: VideoPort = {
    play: (slot, url, o) =>
      calls.push({ op: 'play', slot, url, loop: o.loop, loopCount: o.loopCount, notifyAtMs: o.notifyAtMs }),
    preload: (slot, url) => calls.push({ op: 'preload', slot, url }),
    warm: (urls) => {
      warmed.push([...urls]);
    },
    cue: (url, inMs) => calls.push({ op: 'cue', url, inMs }),
    prime: () => calls.push({ op: 'prime' }),
    pause: () => calls.push({ op: 'pause' }),
    resume: () => calls.push({ op: 'resume' }),
    dispose: () => calls.push({ op: 'dispose' }),
  };
  const played = () => calls.filter((c) => c.op === 'play').map((c) => c.url?.split('/').pop());
  return { port, calls, played, warmed };
}

export function fakeSpeech() {
  const state = { starts: 0, stops: 0, open: false };
  const port: SpeechPort = {
    start: () => {
      state.starts += 1;
      state.open = true;
    },
    stop: () => {
      state.stops += 1;
      state.open = false;
    },
    dispose: () => {
      state.open = false;
    },
  };
  return { port, state };
}

export function fakeLogs() {
  const entries: LogEntry[] = [];
  const sink: LogSink = { log: (e) => entries.push(e), close: () => undefined };
  return { sink, entries };
}

/** A manual clock: advance(ms) fires due timers in time order. */
export function fakeClock() {
  let now = 1_000_000;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      seq += 1;
      timers.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
  };
  function advance(ms: number): void {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  }
  return { clock, advance, pending: () => timers.size };
}

/** Media URLs as the catalog gives them (/files/...). */
export function mediaFor(character: Character): CharacterMedia {
  const videos = Object.fromEntries(character.videos.map((v) => [v.id, `/files/characters/${character.id}/${v.path}`]));
  const names = character.videos.map((v) => v.title.replace(/\.mp4$/, ''));
  const subtitles = Object.fromEntries(
    ['ja-JP', 'en-US'].map((lang) => [
      lang,
      Object.fromEntries(names.map((n) => [n, `/files/subtitles/${character.id}/${lang}/${n}.vtt`])),
    ]),
  );
  return { videos, posters: {}, subtitles };
}

/**
 * The dialogue service's recognition, scripted: answers with `hits`/`score`, or rejects when `fail` is set;
 * with `matches` it also understands (the engine then asks it for hit words not found literally).
 */
export function fakeRecognition(
  script: { hits?: SearchHit[]; score?: number | null; fail?: string; matches?: HitWordMatch[] } = {},
) {
  const understood: UnderstandRequest[] = [];
  const searches: SearchRequest[] = [];
  const scores: ScoreRequest[] = [];
  const unmatched: UnmatchedRequest[] = [];
  const answer = <T>(value: T) => (script.fail ? Promise.reject(new Error(script.fail)) : Promise.resolve(value));
  const port: RecognitionPort = {
    search: (request) => {
      searches.push(request);
      return answer(script.hits ?? []);
    },
    score: (request) => {
      scores.push(request);
      return answer(script.score ?? null);
    },
    unmatched: (request) => {
      unmatched.push(request);
      return script.fail ? Promise.reject(new Error(script.fail)) : Promise.resolve();
    },
    ...(script.matches
      ? {
          understand: (request: UnderstandRequest) => {
            understood.push(request);
            return answer(script.matches ?? []);
          },
        }
      : {}),
  };
  return { port, searches, scores, unmatched, understood, script };
}

/** The dialogue service's talks, recorded in order; `failStart` makes every start fail, `refuseStart` refuses it with that status. */
export function fakeTalks(options: { failStart?: boolean; refuseStart?: number } = {}) {
  const calls: Array<
    | { op: 'start'; body: TalkStartRequest; key: string }
    | { op: 'track'; body: TrackStepRequest }
    | { op: 'release'; talkId: string; reason: string }
    | { op: 'end'; talkId: string; reason: string; totalBilledTime: number }
  > = [];
  let talks = 0;
  const port: TalkPort = {
    start: (body, key) => {
      calls.push({ op: 'start', body, key });
      if (options.failStart) return Promise.reject(new Error('network down'));
      if (options.refuseStart) return Promise.reject(new TalkRefused('refused', options.refuseStart));
      talks += 1;
      return Promise.resolve(`talk-${talks}`);
    },
    track: (body) => {
      calls.push({ op: 'track', body });
      return Promise.resolve();
    },
    release: (talkId, reason) => {
      calls.push({ op: 'release', talkId, reason });
      return Promise.resolve();
    },
    end: (talkId, reason, totalBilledTime) => {
      calls.push({ op: 'end', talkId, reason, totalBilledTime });
      return Promise.resolve();
    },
  };
  const ops = () => calls.map((c) => c.op);
  return { port, calls, ops };
}

/** Lets pending promise callbacks (the fake ports' answers) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
