import { Type, type Static } from '@sinclair/typebox';
import { Count, Flag, Id, NullableId, NullableNumber, Text } from './common.ts';

/** A pre-recorded clip of a character (SPEC.md §3 Video). Meanings chosen for the engine are in services/dialogue-engine/README.md. */
export const VideoStyle = Type.Union([Type.Literal('portrait'), Type.Literal('landscape')], {
  default: 'portrait',
  description: 'orientation the clip was shot in',
});

export const Video = Type.Object({
  id: Id('video id, unique within the character'),
  character_id: Id('owning character'),
  path: Type.String({
    minLength: 1,
    description: 'file path relative to the character media base (e.g. videos/greet.mp4)',
  }),
  original_id: NullableId('id of the video this one was copied or converted from'),
  title: Type.String({
    minLength: 1,
    description: 'file name ending in .mp4; subtitles live at {character_id}/{language}/{title without .mp4}.vtt',
  }),
  play_end: Flag('the conversation ends when this video finishes playing'),
  loop: Flag('the player repeats the video instead of reporting its end after one pass'),
  loop_count: Count(
    'passes when loop is true before the end is reported; 0 = endless for standby and listen loops (other clips then play once)',
  ),
  mic_on: Flag('the microphone may open while this video plays (a question clip lets the user answer early)'),
  play_now: Flag(
    'when chosen while another one-shot video is still playing (e.g. by an action button), it cuts in at once instead of waiting for that video to end',
  ),
  mic_on_millisecond: NullableNumber(
    'with mic_on: the player reports this playback time (ms) and the microphone opens then; null = at the start',
  ),
  comment: Text('author note, never shown to users'),
  file_id: NullableId('id of the stored media file'),
  media_info: Type.Record(Type.String(), Type.Unknown(), {
    default: {},
    description: 'probe data of the media file (duration, size, codec)',
  }),
  video_style: VideoStyle,
});
export type Video = Static<typeof Video>;
