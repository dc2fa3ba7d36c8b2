import type { EngineState, step as engineStep } from '@talkwith/dialogue-engine/player';
import type { EngineCommand } from '@talkwith/proto/dialogue';
import type { VideoPort } from './ports.ts';

/**
 * What the engine will play next, known ahead because the engine is pure (the same step on a copy of the
 * state): the stage starts that clip hidden just before it is due, so its clock runs when it shows. Loaded
 * at the talk's first tap, with the stage's cue (cuedClip.ts): the talk page's first load stays within its
 * JavaScript budget, and nothing before that tap needs it.
 */
export interface LookAhead {
  /** After each step: its new state and the commands it gave. */
  stepped(state: EngineState, commands: readonly EngineCommand[]): void;
  /** A new clip is on its way to the stage: what follows it is told afresh. */
  clipPlayed(): void;
}

export interface LookAheadDeps {
  /** The engine's step, handed in: imported here, it would split the engine's entry into a chunk of its own. */
  step: typeof engineStep;
  video: Pick<VideoPort, 'cue' | 'upNext'>;
  /** The clip's URL (null: none in the character's media). */
  videoUrl: (videoId: string) => string | null;
  now: () => number;
}

export function createLookAhead({ step, video, videoUrl, now }: LookAheadDeps): LookAhead {
  /** What the stage was last told follows the clip now playing (undefined: nothing yet about this clip). */
  let announcedNext: string | null | undefined;

  const playedBy = (commands: readonly EngineCommand[]): string | null => {
    const play = commands.find((c) => c.type === 'playVideo');
    return play?.type === 'playVideo' ? videoUrl(play.videoId) : null;
  };

  /**
   * An understood utterance waits hit_word_delay before its reply: what that timer will play is cued at once.
   * Its clock otherwise starts 40–150 ms after play() (audio start-up), all of it added to the reply's latency.
   */
  function cueReply(state: EngineState, commands: readonly EngineCommand[]): void {
    const timer = commands.find((c) => c.type === 'startTimer' && c.timer === 'hitWordDelay');
    if (timer?.type !== 'startTimer') return;
    const url = playedBy(step(state, { type: 'timerFired', timer: timer.timer }, now() + timer.ms).commands);
    if (url) video.cue(url, timer.ms);
  }

  /**
   * The clip that follows the one now playing when it ends by itself, as the engine stands now: the stage starts
   * it just before that end (started only once the end is reported, its clock ran late on a slow CPU). Told again
   * whenever another input changes it (a paused clip: nothing follows).
   */
  function announceNext(state: EngineState): void {
    const playing = state.rt.current;
    const next = playing
      ? playedBy(step(state, { type: 'videoEnded', slot: playing.slot, videoId: playing.videoId }, now()).commands)
      : null;
    if (next === announcedNext) return;
    announcedNext = next;
    video.upNext(next);
  }

  return {
    stepped(state, commands) {
      cueReply(state, commands);
      announceNext(state);
    },
    clipPlayed() {
      announcedNext = undefined;
    },
  };
}
