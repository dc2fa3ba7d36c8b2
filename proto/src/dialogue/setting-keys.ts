import type { PublicCharacterSetting } from './character.ts';

/*
 * No schema here (no TypeBox value import): the dialogue engine calls this in
 * the browser, and the player's chunk should not carry TypeBox for it.
 */

/** Whether speech-to-text has its key, from a full setting (the key) or a public one (the flag). */
export function googleKeyConfigured(setting: PublicCharacterSetting & { google_key?: string }): boolean {
  return typeof setting.google_key === 'string'
    ? setting.google_key.trim() !== ''
    : setting.speech_to_text_configured === true;
}
