import { Type, type Static } from '@sinclair/typebox';
import { Block } from './block.ts';
import { Count, Flag, Id, IdList, NullableId, Text } from './common.ts';
import { Video } from './video.ts';
import { googleKeyConfigured } from './setting-keys.ts';
import { LabelTranslations } from '../identity/localized.ts';

export { googleKeyConfigured };

/** SPEC.md §3 Character and Character setting, with the character-level dialogue data. */

export const CharacterSetting = Type.Object({
  character_id: Id('owning character'),
  silence_enabled: Flag('silence timers run (blocks still need silence_time_limit)', true),
  spj_url: Text('SPJ scoring endpoint; empty = SPJ not configured'),
  spj_api_key: Text('SPJ key (kept server side)'),
  google_key: Text('speech-to-text key, required when use_web_speech_api is false'),
  standby_video_id: NullableId('loop shown before the conversation starts'),
  default_start_button_id: NullableId('start button used when none or an unknown one is pressed'),
  listen_video_prefix: Text('title prefix of the listen video series used by blocks without listen_video_ids'),
  hit_word_delay: Count('ms to wait after a hit before leaving the block, so the user can finish speaking'),
  show_speech_mic: Flag('show a microphone indicator while listening', true),
  show_recognition_text: Flag('show the interim and final recognised text', true),
  use_web_speech_api: Flag('recognise speech with the browser speech API instead of the server speech-to-text', true),
  landscape_mode: Flag('the player is laid out for landscape videos', true),
  hide_cursor: Flag('hide the mouse cursor over the player', true),
  for_mic_test: NullableId('block a mic-test start enters'),
  es_index_name: Text('Elastic Search index for searching utterances; empty = search not configured'),
});
export type CharacterSetting = Static<typeof CharacterSetting>;

export const StartButton = Type.Object({
  id: Id('button id'),
  character_id: Id('owning character'),
  title: Type.String({ minLength: 1, description: 'label (Japanese)' }),
  title_i18n: Type.Optional(LabelTranslations),
  block_id: Id('first block of the conversation it starts'),
});
export type StartButton = Static<typeof StartButton>;

export const SlotDefinition = Type.Object({
  name: Type.String({ minLength: 1, description: 'slot name' }),
  label: Type.String({ description: 'label in the summary' }),
});
export type SlotDefinition = Static<typeof SlotDefinition>;

export const Summary = Type.Object({
  title: Text('heading of the summary'),
  slot_names: IdList('slots listed, in order (empty = all slots)'),
});
export type Summary = Static<typeof Summary>;

export const KikiwasureEntry = Type.Object({
  slot: Type.String({ minLength: 1, description: 'slot that must be filled' }),
  block_id: Id('block that asks for it'),
});
export type KikiwasureEntry = Static<typeof KikiwasureEntry>;

export const Replacement = Type.Object({
  video_ids: IdList('default replacement videos for blocks without their own'),
  block_ids: IdList('default convert blocks for blocks without their own'),
});
export type Replacement = Static<typeof Replacement>;

export const RandomGroup = Type.Object({
  count: Count('random draws allowed in one run over all random blocks before final_block_id (0 = no run limit)'),
  final_block_id: NullableId('default random end block'),
  trigger_videos: IdList('videos a random block draws its trigger from (no repeat until all were drawn)'),
  end_blocks: IdList('entering one of these ends the random run (counts reset)'),
});
export type RandomGroup = Static<typeof RandomGroup>;

export const Conversation = Type.Object({
  id: Id('conversation id'),
  title: Text('name in the conversation tracker and album'),
  title_i18n: Type.Optional(LabelTranslations),
  block_ids: IdList('blocks that belong to this conversation'),
});
export type Conversation = Static<typeof Conversation>;

/**
 * A paraphrase group the operator keeps for a character: utterances saying
 * one of the synonyms (by surface, reading or base form) count as saying the
 * word. Used by the dialogue service's understanding only (the player finds
 * hit words literally and asks the server for the rest).
 */
export const SynonymGroup = Type.Object({
  word: Type.String({ minLength: 1, maxLength: 200, description: 'the hit word the synonyms stand for' }),
  synonyms: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
    maxItems: 100,
    description: 'other ways to say it',
  }),
});
export type SynonymGroup = Static<typeof SynonymGroup>;
/** How many synonym groups one character may keep. */
export const SYNONYM_GROUPS_MAX = 2000;

export const Character = Type.Object({
  id: Id('character id'),
  character_id: Text('legacy external id (same as id when empty)'),
  name: Type.String({ minLength: 1, description: 'display name' }),
  slug: Type.String({ minLength: 1, maxLength: 100, description: 'URL name' }),
  price: Count('price in yen'),
  avatar: Text('avatar image path'),
  group_id: NullableId('group the character belongs to'),
  setting: Type.Composite([CharacterSetting], { description: 'character setting (see CharacterSetting)' }),
  videos: Type.Array(Video, { default: [], description: 'all clips of the character' }),
  blocks: Type.Array(Block, { default: [], description: 'the conversation graph' }),
  startButtons: Type.Array(StartButton, {
    default: [],
    description: 'buttons shown in standby; each starts a conversation at its block',
  }),
  slots: Type.Array(SlotDefinition, {
    default: [],
    description: 'named values the conversation collects (filled by hit words or slot_name)',
  }),
  summary: Type.Composite([Summary], { description: 'what a summary_mode block shows' }),
  kikiwasure: Type.Array(KikiwasureEntry, {
    default: [],
    description: 'slot → asking block, used by kikiwasure_mode blocks',
  }),
  replacement: Type.Composite([Replacement], { description: 'default replacement for blocks with play_again false' }),
  random: Type.Composite([RandomGroup], { description: 'the random group of random blocks' }),
  conversations: Type.Array(Conversation, {
    default: [],
    description: 'named groups of blocks for the conversation tracker',
  }),
  synonyms: Type.Optional(
    Type.Array(SynonymGroup, {
      maxItems: SYNONYM_GROUPS_MAX,
      description: "the operator's paraphrase groups (hit word ↔ synonyms); absent = none",
    }),
  ),
});
export type Character = Static<typeof Character>;

/** Setting fields that hold credentials: kept server side, never in a public response. */
export const SECRET_SETTING_FIELDS = ['spj_api_key', 'google_key'] as const;

/**
 * The character setting as a player may see it: the credentials are left out
 * and replaced by whether speech-to-text has its key (the player reports
 * INVALID_GOOGLE_KEY from that).
 */
export const PublicCharacterSetting = Type.Object(
  {
    ...Type.Omit(CharacterSetting, [...SECRET_SETTING_FIELDS]).properties,
    speech_to_text_configured: Type.Optional(
      Type.Boolean({ description: 'the server holds a speech-to-text key (google_key) for this character' }),
    ),
  },
  { description: 'character setting without credentials' },
);
export type PublicCharacterSetting = Static<typeof PublicCharacterSetting>;

/**
 * The public view of a character (what unauthenticated players receive). A
 * full Character is assignable to it, so the dialogue engine runs on either.
 */
// The synonyms are recognition data of the dialogue service (the player asks it): never served to players.
const { synonyms: _synonyms, ...playerProperties } = Character.properties;
export const PublicCharacter = Type.Object(
  {
    ...playerProperties,
    setting: PublicCharacterSetting,
  },
  { description: 'a character as players receive it: no credentials, no synonym groups' },
);
export type PublicCharacter = Static<typeof PublicCharacter>;

/** The public view of a full character: every field but the credentials and the synonym groups. */
export function publicCharacterOf(character: Character): PublicCharacter {
  const { spj_api_key: _spj, google_key: _google, ...setting } = character.setting;
  const { synonyms: _synonyms, ...played } = character;
  return { ...played, setting: { ...setting, speech_to_text_configured: googleKeyConfigured(character.setting) } };
}
