import type { CharacterMedia } from '@talkwith/proto/catalog';
import type { PublicCharacter as Character, TalkLanguage } from '@talkwith/proto/dialogue';
import type { SpeechEvents, SpeechPort } from './ports.ts';
import type { SpeechMode, SpeechProblem } from './playerSlice.ts';
import type { ServerSpeechOptions } from './serverSpeech.ts';
import { canRecordForServer, sttLanguageOf } from './serverSpeechSupport.ts';
import { createWebSpeech } from './webSpeech.ts';

/**
 * The subtitle language of a talk: the interface language when the character has subtitle files in it (any of the
 * four), else Japanese. The talk is held in it too (talkLanguage).
 */
export function subtitleLanguage(media: CharacterMedia, uiLanguage: string): string {
  return Object.keys(media.subtitles[uiLanguage] ?? {}).length > 0 ? uiLanguage : 'ja-JP';
}

/** The subtitle file of one clip (`name`: its video title without .mp4) in `language`, else its Japanese one. */
export function subtitleFileOf(media: CharacterMedia, name: string, language: string): string | null {
  return media.subtitles[language]?.[name] ?? media.subtitles['ja-JP']?.[name] ?? null;
}

/** The talk's language: the subtitles' (hit words are matched in it; the engine's language option). */
export function talkLanguage(media: CharacterMedia, uiLanguage: string): TalkLanguage {
  return sttLanguageOf(subtitleLanguage(media, uiLanguage));
}

export interface SpeechChoiceOptions {
  character: Character;
  media: CharacterMedia;
  uiLanguage: string;
  signedIn: boolean;
  getToken(): string | null;
}

/** What the player is told when voice stops reaching the talk the way it did. */
export interface SpeechOutcomes {
  /** No recogniser any more: typing only. */
  unavailable(problem: SpeechProblem): void;
  /** The browser's recogniser failed; the server's speech-to-text listens instead. */
  switched(problem: SpeechProblem): void;
}
type Heard = Pick<SpeechEvents, 'interim' | 'final'>;

const BROWSER_FAILURES: readonly SpeechProblem[] = ['denied', 'siriOff', 'missing', 'unavailable'];
/**
 * The browser's failures the server's speech-to-text gets round (it records the microphone itself): recognition
 * off or missing here. A refused or missing microphone would fail it the same way.
 */
const SERVER_GETS_ROUND: readonly SpeechProblem[] = ['siriOff', 'unavailable'];

/** The server recogniser's reason (serverSpeech.ts), as the player explains it. */
function serverProblemOf(reason: string): SpeechProblem {
  if (reason === 'signed-out') return 'signInForVoice';
  return reason === 'denied' || reason === 'missing' ? reason : 'serverFailed';
}

/**
 * The recogniser of a talk: the browser's Web Speech API when the character
 * allows it and the browser has it (switching to the server's when it fails
 * during the talk and the user may use that); else the dialogue service's
 * speech-to-text (signed in only: the character's key pays for it), in the
 * talk's language; else none (the text input remains). `problem`: why voice
 * does not go the way the character meant, from the start.
 */
export function chooseSpeech(
  heard: Heard,
  outcomes: SpeechOutcomes,
  options: SpeechChoiceOptions,
): { speech: SpeechPort | null; mode: SpeechMode; problem: SpeechProblem | null } {
  const language = talkLanguage(options.media, options.uiLanguage);
  const server = () =>
    options.signedIn
      ? lazyServerSpeech(
          { ...heard, unavailable: (reason) => outcomes.unavailable(serverProblemOf(reason)) },
          { characterId: options.character.id, language, getToken: options.getToken },
        )
      : null;
  const wantsWeb = options.character.setting.use_web_speech_api;
  const web = wantsWeb ? webThenServer(heard, outcomes, language, server) : null;
  if (web) return { speech: web, mode: 'webSpeech', problem: null };
  const fallback = server();
  if (fallback) return { speech: fallback, mode: 'serverSpeech', problem: wantsWeb ? 'unavailable' : null };
  return { speech: null, mode: 'textOnly', problem: wantsWeb || options.signedIn ? 'unavailable' : 'signInForVoice' };
}

/**
 * The browser's recogniser, replaced by the server's (`server()`, null when the user may not use it) when it fails
 * in a way the server gets round; the engine's start/stop go to whichever listens. Null when the browser has none.
 */
function webThenServer(
  heard: Heard,
  outcomes: SpeechOutcomes,
  language: string,
  server: () => SpeechPort | null,
): SpeechPort | null {
  let wanted = false;
  let current: SpeechPort | null = null;
  const web = createWebSpeech(
    {
      ...heard,
      unavailable(reason) {
        const problem = BROWSER_FAILURES.find((f) => f === reason) ?? 'unavailable';
        const next = SERVER_GETS_ROUND.includes(problem) ? server() : null;
        if (!next) return outcomes.unavailable(problem);
        current?.dispose();
        current = next;
        outcomes.switched(problem);
        if (wanted) next.start();
      },
    },
    language,
  );
  if (!web) return null;
  current = web;
  return {
    start() {
      wanted = true;
      current?.start();
    },
    stop() {
      wanted = false;
      current?.stop();
    },
    dispose() {
      wanted = false;
      current?.dispose();
    },
  };
}

/**
 * The server's speech-to-text, its code (serverSpeech.ts) loaded now rather
 * than with the chat route: null at once where the browser cannot record; a
 * start before the code arrived starts it when it has.
 */
export function lazyServerSpeech(
  events: SpeechEvents,
  options: Pick<ServerSpeechOptions, 'characterId' | 'language' | 'getToken'>,
): SpeechPort | null {
  if (!canRecordForServer()) return null;
  let port: SpeechPort | null = null;
  let wanted = false;
  let disposed = false;
  void import('./serverSpeech.ts').then(({ createServerSpeech }) => {
    if (disposed) return;
    port = createServerSpeech(events, options);
    if (wanted) port?.start();
  });
  return {
    start() {
      wanted = true;
      port?.start();
    },
    stop() {
      wanted = false;
      port?.stop();
    },
    dispose() {
      disposed = true;
      port?.dispose();
    },
  };
}
