import { Type, type Static } from '@sinclair/typebox';
import { Count, Flag, Id, IdList, NullableId, NullableNumber, Text } from './common.ts';
import { LabelTranslations } from '../identity/localized.ts';
import { wordsPerLanguage } from './language.ts';

/**
 * A block is one step of a conversation (SPEC.md §3 Block): a trigger video,
 * then either listening (with routes for what the user says or does not say)
 * or an automatic move on. Field meanings are tabled in services/dialogue-engine/README.md.
 */

export const SlotAssignment = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'slot name (see Character.slots)' }),
    value: Type.String({ description: 'value stored; empty = the recognised utterance itself' }),
  },
  { description: 'a value written into a slot' },
);
export type SlotAssignment = Static<typeof SlotAssignment>;

export const HitWord = Type.Object({
  words: Type.Array(Type.String({ minLength: 1 }), {
    minItems: 1,
    description: 'words or phrases (Japanese); one contained in the normalised utterance is a hit',
  }),
  words_i18n: Type.Optional(wordsPerLanguage(100)),
  block_id: Id('block entered on a hit'),
  slot: Type.Union([SlotAssignment, Type.Null()], { default: null, description: 'slot filled on a hit' }),
});
export type HitWord = Static<typeof HitWord>;

export const ActionButtonKind = Type.Union([Type.Literal('block'), Type.Literal('video'), Type.Literal('end')], {
  description: 'block: go to block_id; video: play video_id then carry on; end: end the conversation',
});
export const ActionButton = Type.Object({
  id: Id('button id'),
  title: Type.String({ minLength: 1, description: 'label shown on the button (Japanese)' }),
  title_i18n: Type.Optional(LabelTranslations),
  kind: ActionButtonKind,
  block_id: NullableId('target block when kind is block'),
  video_id: NullableId('video played when kind is video'),
  code: Type.Optional(Text('action code for POST /api/action and points use (empty = the button id)')),
  points: Type.Optional(
    Count('points the button costs before it acts (0 = free; POST /api/points/use with action_code)'),
  ),
});
export type ActionButton = Static<typeof ActionButton>;

export const Block = Type.Object({
  id: Id('block id, unique within the character'),
  character_id: Id('owning character'),
  title: Text('author-facing name; customers see it in their talk history'),
  title_i18n: Type.Optional(LabelTranslations),
  trigger_video_id: NullableId('video played when the block is entered'),
  is_edit_locked: Flag('admins must unlock the block before editing it'),
  play_now: Flag('after a hit the next block starts at once: hit_word_delay and skip videos are not used'),
  play_again: Flag('the block plays normally when entered again; when false a second entry uses replacement', true),
  mic_on_millisecond: NullableNumber('delay (ms) after listening starts before the microphone opens'),
  // listening
  listen_video_ids: IdList('loops shown while listening, played in turn'),
  listen_video_number: Count(
    'when listen_video_ids is empty: how many videos of the listen_video_prefix series to use (0 = all)',
  ),
  max_recognition_time: Count(
    'longest utterance in seconds; when reached the text so far is taken as final (0 = no limit)',
  ),
  nod_video_ids: IdList('short nods played once when the user starts speaking'),
  show_previous_block_speech: Flag('show what the user said in the previous block when this block starts'),
  // routes for what was said
  hit_words: Type.Array(HitWord, { default: [], description: 'hit-word routes, tried in order' }),
  hit_word: Text('legacy: comma-separated words that count as a valid response (route: listen_next_block)'),
  valid_response: Flag('any utterance without a hit is a valid response (route: listen_next_block)'),
  valid_response_ids: IdList('candidate blocks; an utterance without a hit is searched (Elastic Search) among them'),
  listen_next_block: IdList('block(s) after a valid response or a good SPJ score; one chosen at random when several'),
  force_blocks: IdList('whatever the user says, go to the first of these not yet played (else the first)'),
  not_hitword_blocks: IdList(
    'when nothing matched and no search or score applies, go to one of these instead of counting invalid',
  ),
  skip_video_ids: IdList('filler videos played when leaving the block after a recognised response'),
  slot_name: NullableId('slot filled with the utterance on a valid response'),
  // SPJ scoring and search results
  spj_category: NullableId('SPJ category the utterance is scored against (no hit, no search candidates)'),
  spj_empty_score: Count('scores at or below this count as an empty result'),
  spj_empty_count: Count(
    'empty results tolerated (each plays spj_empty_videos) before spj_empty_blocks / spj_empty_end',
  ),
  spj_empty_end: Flag('end the conversation when the empty results are used up and no spj_empty_blocks is set'),
  spj_empty_blocks: IdList('block(s) after too many empty results'),
  spj_empty_videos: IdList('videos for the 1st, 2nd… empty result (the last repeats)'),
  spj_out_score: Count('scores below this are SPJ-out (low score)'),
  spj_out_count: Count('SPJ-outs tolerated before spj_out_block_id (0 = go at the first)'),
  spj_out_video_id: NullableId('video played on an SPJ-out'),
  spj_out_block_id: NullableId('block entered when the SPJ-outs are used up'),
  // invalid ladder (no-match)
  invalid_max_count: Count(
    'invalid utterances allowed; reaching it plays the final video and goes to invalid_final_block (0 = no limit)',
  ),
  invalid_count: Count('legacy alias of invalid_max_count, used when that is 0'),
  invalid_response_video_ids: IdList('videos for the 1st, 2nd… invalid utterance (the last repeats)'),
  invalid_video_id: NullableId('legacy single invalid video, used when invalid_response_video_ids is empty'),
  invalid_final_video_id: NullableId('video played when invalid_max_count is reached'),
  invalid_final_block: IdList('block(s) after invalid_max_count; none = the conversation ends'),
  // silence ladder (no-input)
  silence_time_limit: Count('seconds of silence after the microphone opens before a silence step (0 = off)'),
  silence_limit: Count('legacy alias of silence_time_limit'),
  silence_count: Count('silence steps allowed; reaching it goes to silence_final_blocks'),
  silence_video_ids: IdList('videos for the 1st, 2nd… silence (the last repeats)'),
  silence_video_id: NullableId('legacy single silence video'),
  silence_final_blocks: IdList('block(s) after silence_count silences; none = the conversation ends'),
  silence_final_block_id: NullableId('legacy single silence final block'),
  // automatic moves
  play_final_block: IdList(
    'for a block that does not listen: block(s) after the trigger video; none = the conversation ends',
  ),
  replacement_video_ids: IdList(
    'when play_again is false and the block was played: one of these replaces the trigger video',
  ),
  replacement_block_ids: IdList(
    'when play_again is false and the block was played: go to the first unplayed of these instead (convert block)',
  ),
  random_count: Count(
    'random block: times it may be entered in a run; its trigger video is drawn from the random group',
  ),
  random_end_block_id: NullableId(
    'block entered instead once random_count is reached (default: random group final_block_id)',
  ),
  summary_mode: Flag('on entry, show the summary of the slots'),
  kikiwasure_mode: Flag('on entry, go first to the block asking for a kikiwasure slot not filled yet'),
  action_buttons: Type.Array(ActionButton, { default: [], description: 'buttons shown while the block is current' }),
});
export type Block = Static<typeof Block>;
