import { initialState, reachableVideos, step, type EngineState } from '@talkwith/dialogue-engine/player';
import type {
  PublicCharacter as Character,
  EngineCommand,
  EngineCommandOf,
  EngineInput,
  EngineInputOf,
  TimerName,
  VideoSlotName,
} from '@talkwith/proto/dialogue';
import type { CharacterMedia } from '@talkwith/proto/catalog';
import { requestSettled, stepped, talkOpening, type PlayerState, type TalkNotice } from './playerSlice.ts';
import type { Clock, LogSink, RecognitionPort, SpeechPort, VideoPort } from './ports.ts';
import type { TalkOpening, TalkSession, TalkStart } from './talkSession.ts';
import { talkLanguage } from './speechChoice.ts';

type Action = ReturnType<typeof stepped> | ReturnType<typeof requestSettled> | ReturnType<typeof talkOpening>;

/** The whole character, as the catalog serves it to a caller with a ticket (the standby had only its preview). */
export interface EntitledCharacter {
  character: Character;
  media: CharacterMedia;
}

/** What the standby says when the server refused a talk (by its HTTP status). */
const NOTICE_OF_REFUSAL: Record<number, TalkNotice> = {
  402: 'ticketRequired',
  403: 'ticketUnusable',
  409: 'ticketUnusable',
  404: 'unavailable',
};

export interface RunnerDeps {
  character: Character;
  media: CharacterMedia;
  dispatch: (action: Action) => unknown;
  /** The player slice as it is now (its rt is the engine runtime). */
  getPlayer: () => PlayerState;
  video: VideoPort;
  speech: SpeechPort | null;
  logs: LogSink;
  clock: Clock;
  /** Search and score on the dialogue service (hit words stay in the engine, instant). */
  recognition: RecognitionPort;
  /** The signed-in user's talk on the server; null for a visitor (free characters, nothing recorded). */
  talk: TalkSession | null;
  /** The interface language: with subtitles in it the talk is held in it (hit words in that language); absent: ja-JP. */
  uiLanguage?: string;
  /** Sees every step (input, the runtime before it, the commands): the console's simulator explains the talk with it. */
  observe?: (input: EngineInput, before: EngineState['rt'], commands: readonly EngineCommand[]) => void;
}

export interface EffectRunner {
  /** Feeds one input to the engine and carries out the commands it returns. */
  send(input: EngineInput): void;
  /**
   * A talk begins (button, resume or mic test): recorded on the server for a signed-in user, and the engine starts.
   * With `entitled` (a talk paid with a ticket on a character served as a preview), the engine waits for both the
   * server's talk and the whole character, then starts on that character; a refused talk or a character that could
   * not be fetched never plays (the latter gives the ticket back).
   */
  startTalk(start: TalkStart, input: EngineInputOf<'start'>, entitled?: Promise<EntitledCharacter | null>): void;
  /** The stage shows a clip's first frame. */
  videoShown(videoId: string): void;
  /** A clip cannot play: before the talk's first clip the talk fails (ticket released), else the talk goes on without it. */
  videoFailed(slot: VideoSlotName, videoId: string, message: string): void;
  /** The user's microphone switch: off keeps the recogniser closed even while the engine listens (typing still works). */
  setMicEnabled(enabled: boolean): void;
  /** From the user's first gesture: every video may play with sound from then on. */
  primeMedia(): void;
  dispose(): void;
}

/**
 * Runs the pure engine against the browser: each input goes through
 * `step`, the new runtime goes to the store, and the commands become
 * video, microphone, timer, request and log effects. Inputs raised while
 * commands are being carried out wait their turn, so the engine always
 * sees one input at a time.
 */
export function createEffectRunner(deps: RunnerDeps): EffectRunner {
  // The character the engine runs: the one served at first, or the whole one a ticket fetched (swapped in at standby).
  let { character, media } = deps;
  // Understanding on the server when the port can ask for it (the analyser stays out of the player's bundle).
  const understanding = deps.recognition.understand !== undefined;
  const engineOptions = () => ({
    seed: deps.getPlayer().seed,
    understanding,
    language: talkLanguage(media, deps.uiLanguage ?? 'ja-JP'),
  });
  let base: EngineState = initialState(character, engineOptions());
  let talks = 0;
  const timers = new Map<TimerName | 'mic', unknown>();
  const queue: EngineInput[] = [];
  let busy = false;
  let disposed = false;
  let micEnabled = true;
  let primed = false;
  let engineListening = false;
  const openMic = () => {
    if (micEnabled) deps.speech?.start();
  };

  const clearTimer = (name: TimerName | 'mic') => {
    if (timers.has(name)) deps.clock.clearTimeout(timers.get(name));
    timers.delete(name);
  };
  const later = (name: TimerName | 'mic', ms: number, fn: () => void) => {
    clearTimer(name);
    timers.set(
      name,
      deps.clock.setTimeout(() => {
        timers.delete(name);
        if (!disposed) fn();
      }, ms),
    );
  };

  function runOne(input: EngineInput): void {
    const rt = deps.getPlayer().rt ?? base.rt;
    const result = step({ ...base, rt }, input, deps.clock.now());
    deps.dispatch(stepped({ rt: result.state.rt, commands: result.commands }));
    deps.observe?.(input, rt, result.commands);
    for (const command of result.commands) execute(command);
    // Whatever the user does next, its clip should already be decoded.
    deps.video.warm(
      reachableVideos(result.state)
        .map(videoUrl)
        .filter((url): url is string => url !== null),
    );
    cueReply(result.state, result.commands);
  }

  /**
   * An understood utterance waits hit_word_delay before its reply: the engine is pure, so what that timer
   * will play is known now (the same step on a copy), and the stage starts that clip hidden just ahead. Its
   * clock otherwise starts 40–150 ms after play() (audio start-up), all of it added to the reply's latency.
   */
  function cueReply(state: EngineState, commands: readonly EngineCommand[]): void {
    const timer = commands.find((c) => c.type === 'startTimer' && c.timer === 'hitWordDelay');
    if (timer?.type !== 'startTimer') return;
    const outcome = step(state, { type: 'timerFired', timer: timer.timer }, deps.clock.now() + timer.ms);
    const play = outcome.commands.find((c) => c.type === 'playVideo');
    const url = play?.type === 'playVideo' ? videoUrl(play.videoId) : null;
    if (url) deps.video.cue(url, timer.ms);
  }

  function send(input: EngineInput): void {
    if (disposed) return;
    queue.push(input);
    if (busy) return;
    busy = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) runOne(next);
    } finally {
      busy = false;
    }
  }

  function videoUrl(videoId: string): string | null {
    return media.videos[videoId] ?? null;
  }

  function execute(command: EngineCommand): void {
    const { video, speech, logs } = deps;
    switch (command.type) {
      case 'playVideo': {
        const url = videoUrl(command.videoId);
        deps.talk?.clipPlaying(command.videoId);
        if (!url) return missingVideo(command.slot, command.videoId);
        video.play(command.slot, url, {
          videoId: command.videoId,
          loop: command.loop,
          loopCount: command.loopCount,
          notifyAtMs: command.notifyAtMs,
        });
        return;
      }
      case 'preloadVideo': {
        const url = videoUrl(command.videoId);
        if (url) video.preload(command.slot, url);
        return;
      }
      case 'pauseVideo':
        video.pause();
        return;
      case 'resumeVideo':
        video.resume();
        return;
      case 'micOn':
        engineListening = true;
        if (command.delayMs > 0) later('mic', command.delayMs, openMic);
        else openMic();
        return;
      case 'micOff':
        engineListening = false;
        clearTimer('mic');
        speech?.stop();
        return;
      case 'startTimer':
        later(command.timer, command.ms, () => send({ type: 'timerFired', timer: command.timer }));
        return;
      case 'cancelTimer':
        clearTimer(command.timer);
        return;
      case 'requestSearch':
      case 'requestScore':
      case 'requestUnderstand':
        return ask(command);
      case 'trackStep':
        deps.talk?.step(command);
        return;
      case 'unmatched':
        return reportUnmatched(command);
      case 'log':
        logs.log({
          category: command.category,
          message: command.message,
          extra: command.extra,
          characterId: character.id,
        });
        return;
      case 'end':
        engineListening = false;
        for (const name of [...timers.keys()]) clearTimer(name);
        speech?.stop();
        deps.talk?.ended(command.reason, command.totalBilledTime);
        // Stopped by the user: the clip stops with them (a natural ending has already finished its last clip).
        if (command.reason === 'stopped' || command.reason === 'switched') video.pause();
        return;
      default:
    }
  }

  /**
   * For the operators' insight, signed in or not. Fire-and-forget: the talk never waits for it, and a lost report
   * (offline, rate-limited) is not worth a log line of its own.
   */
  function reportUnmatched(command: EngineCommandOf<'unmatched'>): void {
    const { blockId: block_id, text, reason, bestScore, nearestBlockId } = command;
    const nearest = {
      ...(bestScore !== undefined ? { best_score: bestScore } : {}),
      ...(nearestBlockId !== undefined ? { nearest_block_id: nearestBlockId } : {}),
    };
    void deps.recognition
      .unmatched({ character_id: character.id, block_id, text, reason, ...nearest })
      .catch(() => undefined);
  }

  /** Search or score on the server; the answer (or the failure) comes back to the engine as an input of its own. */
  function ask(
    command: EngineCommandOf<'requestSearch'> | EngineCommandOf<'requestScore'> | EngineCommandOf<'requestUnderstand'>,
  ): void {
    const blockId = deps.getPlayer().rt?.blockId ?? '';
    const { requestId, text } = command;
    const body = { character_id: character.id, block_id: blockId, text };
    const recognition = deps.recognition;
    const asked: Promise<EngineInput> =
      command.type === 'requestSearch'
        ? recognition
            .search({ ...body, candidates: command.candidates })
            .then((hits) => ({ type: 'searchResult', requestId, hits }))
        : command.type === 'requestScore'
          ? recognition
              .score({ ...body, category: command.category })
              .then((score) => ({ type: 'scoreResult', requestId, score }))
          : (recognition.understand?.(withLanguage(body)) ?? Promise.resolve([])).then((matches) => ({
              type: 'understandResult',
              requestId,
              matches,
            }));
    void asked
      .catch((error: unknown): EngineInput => ({
        type: 'requestFailed',
        requestId,
        message: error instanceof Error ? error.message : String(error),
      }))
      .then((answer) => {
        if (disposed) return;
        deps.dispatch(requestSettled());
        send(answer);
      });
  }

  /** An understand request in the talk's language (Japanese, the default, is left unsaid). */
  function withLanguage<T extends object>(body: T): T & { language?: EngineState['language'] } {
    const language = base.language;
    return language && language !== 'ja-JP' ? { ...body, language } : body;
  }

  /** A video without a URL must not leave the user stuck: log it and report it ended. */
  function missingVideo(slot: VideoSlotName, videoId: string): void {
    deps.clock.setTimeout(() => videoFailed(slot, videoId, `動画のURLがありません: ${videoId}`), 0);
  }

  function videoFailed(slot: VideoSlotName, videoId: string, message: string): void {
    deps.logs.log({ category: 'error', message, extra: { videoId }, characterId: character.id });
    // The talk's first clip failed: the ticket goes back and the talk stops (the user starts again with it).
    if (deps.talk?.failed(`video error: ${message}`)) send({ type: 'stop' });
    else send({ type: 'videoEnded', slot, videoId });
  }

  const phase = () => (deps.getPlayer().rt ?? base.rt).phase;
  const showNotice = (notice: TalkNotice | null, starting = false) => deps.dispatch(talkOpening({ starting, notice }));

  function startEngine(input: EngineInputOf<'start'>): void {
    send(input);
    // The engine would not start (e.g. the button's block is missing): the talk failed before it began.
    if (phase() === 'standby') deps.talk?.failed('the engine did not start');
  }

  /** The server refused the talk: it does not play (a free character's, begun meanwhile, is stopped), and the standby says why. */
  function refused(opening: TalkOpening, talk: number): void {
    if (disposed || talk !== talks || opening.kind !== 'refused') return;
    if (phase() !== 'standby' && phase() !== 'ended') send({ type: 'stop' });
    if (phase() === 'ended') send({ type: 'ready' });
    showNotice(NOTICE_OF_REFUSAL[opening.status] ?? 'unavailable');
  }

  /**
   * A talk on a priced character waits for the server's answer before the engine starts, so a refused talk never
   * plays; paid with a ticket on a preview, it also waits for the whole character fetched with the ticket (both
   * asked at once) and swaps it in at the standby.
   */
  async function startAwaited(
    start: TalkStart,
    input: EngineInputOf<'start'>,
    entitled: Promise<EntitledCharacter | null> | undefined,
    talk: number,
  ): Promise<void> {
    showNotice(null, true);
    const [opening, whole] = await Promise.all([
      deps.talk?.begin(start) ?? Promise.resolve<TalkOpening>({ kind: 'open' }),
      entitled ? entitled.catch(() => null) : Promise.resolve({ character, media }),
    ]);
    // Left meanwhile: leaving released the ticket already.
    if (disposed || talk !== talks) return;
    if (opening.kind === 'refused') return refused(opening, talk);
    if (!whole) {
      // No talk can play without the character: the ticket goes back (the server's release of the talk).
      deps.logs.log({
        category: 'error',
        message: 'トークチケットでキャラクターを読み込めませんでした。',
        extra: { btn: start.btn },
        characterId: character.id,
      });
      deps.talk?.failed('the character could not be fetched with the ticket');
      return void showNotice('fetchFailed');
    }
    if (whole.character !== character && phase() === 'standby') {
      ({ character, media } = whole);
      base = initialState(character, engineOptions());
    }
    showNotice(null);
    startEngine(input);
  }

  return {
    send,
    startTalk(start, input, entitled) {
      talks += 1;
      const talk = talks;
      if (entitled || character.price > 0) return void startAwaited(start, input, entitled, talk);
      // A free character starts at once; the server's answer comes meanwhile (it refuses only a character it does not publish).
      showNotice(null);
      const opening = deps.talk?.begin(start);
      startEngine(input);
      void opening?.then((answer) => refused(answer, talk));
    },
    videoShown: (videoId) => deps.talk?.clipShown(videoId),
    videoFailed,
    setMicEnabled(enabled) {
      micEnabled = enabled;
      if (!enabled) deps.speech?.stop();
      else if (engineListening && !timers.has('mic')) openMic();
    },
    primeMedia() {
      if (primed) return;
      primed = true;
      deps.video.prime();
    },
    dispose() {
      disposed = true;
      deps.talk?.left();
      for (const name of [...timers.keys()]) clearTimer(name);
      deps.speech?.dispose();
      deps.video.dispose();
      deps.logs.close();
    },
  };
}
