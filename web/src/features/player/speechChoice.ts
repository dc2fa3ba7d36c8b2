import type { CharacterMedia } from '@talkwith/proto/catalog';
import type { PublicCharacter as Character, TalkLanguage } from '@talkwith/proto/dialogue';
import type { SpeechEvents, SpeechPort } from './ports.ts';
import type { SpeechMode } from './playerSlice.ts';
import { createServerSpeech, sttLanguageOf } from './serverSpeech.ts';
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
    ? createServerSpeech(events, {
        characterId: options.character.id,
        language: subtitleLanguage(options.media, options.uiLanguage),
        getToken: options.getToken,
      })
    : null;
  return server ? { speech: server, mode: 'serverSpeech' } : { speech: null, mode: 'textOnly' };
}
