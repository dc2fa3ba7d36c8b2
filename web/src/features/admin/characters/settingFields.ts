import { CharacterSetting } from '@talkwith/proto/dialogue';

/** How each CharacterSetting field is edited on `initialSetting`; labels are `characters.setting.<field>` texts. */
export type SettingKind = 'switch' | 'text' | 'number' | 'credential' | 'video' | 'block' | 'startButton';

export type SettingField = Exclude<keyof CharacterSetting, 'character_id'>;

export const SETTING_FIELDS: Record<SettingField, SettingKind> = {
  standby_video_id: 'video',
  default_start_button_id: 'startButton',
  for_mic_test: 'block',
  use_web_speech_api: 'switch',
  google_key: 'credential',
  spj_url: 'text',
  spj_api_key: 'credential',
  es_index_name: 'text',
  listen_video_prefix: 'text',
  hit_word_delay: 'number',
  silence_enabled: 'switch',
  show_speech_mic: 'switch',
  show_recognition_text: 'switch',
  landscape_mode: 'switch',
  hide_cursor: 'switch',
};

export const fieldsOfKind = (...kinds: SettingKind[]): SettingField[] =>
  (Object.keys(SETTING_FIELDS) as SettingField[]).filter((field) => kinds.includes(SETTING_FIELDS[field]));

/** The default the proto schema gives a field (shown beside it, so the operator knows what "unset" means). */
export function defaultOf(field: SettingField): unknown {
  return (CharacterSetting.properties[field] as { default?: unknown }).default;
}
