import type {
  Block,
  PublicCharacter as Character,
  EngineInput,
  PlaySession,
  MatchKind,
  StepVia,
  TalkLanguage,
  TimerName,
  Video,
  VideoSlotName,
  EndReason,
} from '@talkwith/proto/dialogue';

/** What to do when the current one-shot video ends. Looping videos carry `loop`. */
export type Continuation =
  | { kind: 'afterTrigger' }
  | { kind: 'listen' }
  | { kind: 'listenLoop' }
  | { kind: 'block'; blockId: string; via?: StepVia }
  | { kind: 'end'; reason: EndReason }
  | { kind: 'loop' };

/** standby: before start; trigger: block's first video; listening: mic is or will be open; reacting: a ladder or button video, mic closed;
 * waiting: search/score requested; leaving: waiting hit_word_delay before the next block; ended. */
export type Phase = 'standby' | 'trigger' | 'listening' | 'reacting' | 'waiting' | 'leaving' | 'ended';

export interface CurrentVideo {
  videoId: string;
  slot: VideoSlotName;
  after: Continuation;
}

export interface TimerRun {
  startedAt: number;
  ms: number;
}

/** The part of the state that changes; copied on every step so callers' states are never mutated. */
export interface Runtime {
  phase: Phase;
  paused: boolean;
  session: PlaySession;
  blockId: string | null;
  current: CurrentVideo | null;
  /** a block to enter once the current video ends (action button without play_now). */
  queuedBlockId: string | null;
  micOpen: boolean;
  /** the microphone was open when the user paused. */
  pausedMic: boolean;
  kikiwasureAsked: string[];
  utterance: { interim: string; nodded: boolean } | null;
  timers: Partial<Record<TimerName, TimerRun>>;
  pausedTimers: Partial<Record<TimerName, number>>;
  pendingRequest: { id: string; kind: 'search' | 'score' | 'understand' } | null;
  /** a search/score answer that arrived while paused, applied on resume. */
  deferred: EngineInput | null;
  leavingTo: string | null;
  /** how leavingTo was decided (trackStep.via); optional in runtimes saved before it existed. */
  leavingVia?: StepVia | null;
  played: string[];
  invalidCount: number;
  silenceCount: number;
  spjOutCount: number;
  randomCounts: Record<string, number>;
  randomDrawn: string[];
  slotValues: Record<string, string>;
  previousSpeech: string;
  /** the final utterance that set the current move going, recorded by trackStep; '' once silence, a button or the flow itself moves on. */
  leadingUtterance: string;
  /** how the leading utterance was understood (trackStep.match); null when no hit word, search or score decided; optional in runtimes saved before it existed. */
  leadingMatch?: MatchKind | null;
  /** what carried leadingMatch (trackStep's matchWord, matchSynonym, matchScore); optional in runtimes saved before it existed. */
  leadingEvidence?: MatchEvidence | null;
  rng: number;
  requestSeq: number;
  talkingSince: number | null;
}

/** What an understood utterance was matched with: the hit word (and the synonym said for it), or the search or SPJ score. */
export interface MatchEvidence {
  word?: string;
  synonym?: string;
  score?: number;
}

/** Lookup tables built once per character. */
export interface CharacterIndex {
  videos: Map<string, Video>;
  blocks: Map<string, Block>;
}

export interface EngineOptions {
  /** PRNG seed; the same seed and inputs give the same commands. */
  seed?: number;
  /**
   * Hit words the player cannot find literally are looked for on the server by
   * reading and base form (requestUnderstand → understandResult). Off: the
   * player matches literally only (no server, tests).
   */
  understanding?: boolean;
  /** The talk's language (the subtitles shown): hit words are matched in it (default ja-JP). */
  language?: TalkLanguage;
}

export interface EngineState {
  /** the character as handed in, or its repaired copy when it was malformed (see intake.ts). */
  character: Character;
  index: CharacterIndex;
  seed: number;
  /** EngineOptions.understanding; absent in states made before it existed. */
  understanding?: boolean;
  /** EngineOptions.language; absent: ja-JP (and in states made before it existed). */
  language?: TalkLanguage;
  rt: Runtime;
  /** paths of malformed character data that were repaired or left out; logged (CHARACTER_DATA_INVALID) with the standby. */
  characterIssues: string[];
}
