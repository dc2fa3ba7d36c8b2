import type { Static } from '@sinclair/typebox';
import type {
  EndReason,
  HitWordMatch,
  LogCategory,
  ScoreRequest,
  SearchHit as SearchHitSchema,
  SearchRequest,
  TalkStartRequest,
  TrackStepRequest,
  UnderstandRequest,
  UnmatchedRequest,
  VideoSlotName,
} from '@talkwith/proto/dialogue';

export type SearchHit = Static<typeof SearchHitSchema>;

/**
 * The video stage, as the effect runner drives it. The engine's two slots
 * (A/B) name the clip now playing and the one before; the stage may hold
 * more clips than two decoded ahead (its warm pool).
 */
export interface VideoPort {
  play(
    slot: VideoSlotName,
    url: string,
    options: { videoId: string; loop: boolean; loopCount: number; notifyAtMs: number | null },
  ): void;
  /** The engine's guess at the next clip: warmed before any other. */
  preload(slot: VideoSlotName, url: string): void;
  /** The clips that may play next, most likely first: kept decoded as far as the pool allows. */
  warm(urls: readonly string[]): void;
  /**
   * The clip the engine will play in `inMs` unless another input comes first (a timer's outcome, known
   * ahead): started hidden just before, so its clock runs when play() asks for it.
   */
  cue(url: string, inMs: number): void;
  /** Called from the user's first tap or key: lets every element play (with sound) later without a gesture (iOS Safari). */
  prime(): void;
  pause(): void;
  resume(): void;
  dispose(): void;
}

/** What the video elements report back. */
export interface VideoEvents {
  ended(slot: VideoSlotName, videoId: string): void;
  timeReached(slot: VideoSlotName, videoId: string, ms: number): void;
  failed(slot: VideoSlotName, videoId: string, message: string): void;
  /** The clip's first frame is on screen (the switch is done). */
  shown?(slot: VideoSlotName, videoId: string, element: HTMLVideoElement): void;
}

/** A speech recogniser (the browser's Web Speech API); text typed by the user bypasses it. */
export interface SpeechPort {
  start(): void;
  stop(): void;
  dispose(): void;
}

export interface SpeechEvents {
  interim(text: string): void;
  final(text: string): void;
  /** Recognition cannot work here (permission refused, no service): the text input remains. */
  unavailable(reason: string): void;
}

export interface LogEntry {
  category: LogCategory;
  message: string;
  extra: Record<string, unknown>;
  characterId: string;
}

export interface LogSink {
  log(entry: LogEntry): void;
  close(): void;
}

/** Time and timers, injectable so tests run on a fake clock. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

/**
 * Recognition on the server (services/dialogue/API.md): the engine's
 * requestSearch / requestScore. A rejection is a failed request (the engine
 * is told with requestFailed); an empty answer is the engine's empty result.
 */
export interface RecognitionPort {
  search(request: SearchRequest): Promise<SearchHit[]>;
  score(request: ScoreRequest): Promise<number | null>;
  /**
   * The current block's hit words the player could not find literally, found
   * by reading and base form on the server (the engine's requestUnderstand).
   * Absent: the engine matches literally only.
   */
  understand?(request: UnderstandRequest): Promise<HitWordMatch[]>;
  /** An utterance the character could not answer (the engine's unmatched), for the operators' insight; visitors too. */
  unmatched(request: UnmatchedRequest): Promise<void>;
}

/**
 * The server refused to open the talk, and asking again cannot change that:
 * 402 (a ticket is needed), 403 (not a ticket of this caller for this
 * character, or expired), 409 (the ticket is already bound to a talk), 404
 * (no such talkable character).
 */
export class TalkRefused extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'TalkRefused';
    this.status = status;
  }
}

/** The talk on the server: its start (with the ticket used), its tracked steps, its release or its end. */
export interface TalkPort {
  /** Resolves to the talk id; the key makes a retried start one talk. Rejects with TalkRefused when the server refuses it. */
  start(request: TalkStartRequest, idempotencyKey: string): Promise<string>;
  track(request: TrackStepRequest): Promise<void>;
  release(talkId: string, reason: string): Promise<void>;
  end(talkId: string, reason: EndReason, totalBilledTime: number): Promise<void>;
}
