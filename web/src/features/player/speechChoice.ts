import type { CharacterMedia } from '@talkwith/proto/catalog';
import type { PublicCharacter as Character, TalkLanguage } from '@talkwith/proto/dialogue';
import type { SpeechEvents, SpeechPort } from './ports.ts';
import type { SpeechMode } from './playerSlice.ts';
import type { ServerSpeechOptions } from './serverSpeech.ts';
import { canRecordForServer, sttLanguageOf } from './serverSpeechSupport.ts';
import { createWebSpeech } from './webSpeech.ts';

/** Subtitles follow the interface language when the character has them in it (en-US), else ja-JP. */
export function subtitleLanguage(media: CharacterMedia, uiLanguage: string): string {
  return uiLanguage === 'en-US' && media.subtitles['en-US'] ? 'en-US' : 'ja-JP';
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

/**
 * The recogniser of a talk: the browser's Web Speech API when the character
 * allows it and the browser has it; else the dialogue service's
 * speech-to-text (signed in only: the character's key pays for it), in the
 * subtitle language; else none (the text input remains).
 */
export function chooseSpeech(
  events: SpeechEvents,
  options: SpeechChoiceOptions,
): { speech: SpeechPort | null; mode: SpeechMode } {
  const web = options.character.setting.use_web_speech_api ? createWebSpeech(events) : null;
  if (web) return { speech: web, mode: 'webSpeech' };
  const server = options.signedIn
    ? lazyServerSpeech(events, {
        characterId: options.character.id,
        language: subtitleLanguage(options.media, options.uiLanguage),
        getToken: options.getToken,
      })
    : null;
  return server ? { speech: server, mode: 'serverSpeech' } : { speech: null, mode: 'textOnly' };
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
