import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Video } from '../dialogue/video.ts';
import { ShortId } from './authoring.ts';
import { bounded, withoutDefaults } from './limits.ts';
import { Language } from './project.ts';

/** Admin media of the catalog (services/catalog/API.md, "Media"): videos, media info, continuity, avatar, subtitles. */

const MEDIA_BOUNDS = { maxLength: 2000, maxItems: 100 };
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A video id that also names its file (videos/{id}.mp4): no slash, dot or space. */
export const VideoId = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'video id: letters, digits, _ and -',
});
/** A file path relative to the character's media folder: no leading slash, no `..`, no `//`. */
export const MediaPath = Type.String({
  minLength: 1,
  maxLength: 300,
  pattern: '^(?!.*\\.\\.)(?!.*//)[A-Za-z0-9_-][A-Za-z0-9._/-]*$',
  description: 'file path relative to the character media folder, e.g. videos/greet.mp4',
});
/** Video.title as proto states it: a file name ending in .mp4 (subtitles are named after it without .mp4). */
export const VideoTitle = Type.String({
  minLength: 5,
  maxLength: 200,
  pattern: '^[^/\\\\]+\\.mp4$',
  description: 'file name ending in .mp4',
});
/** A subtitle name: a video title without .mp4. */
export const SubtitleTitle = Type.String({ minLength: 1, maxLength: 196, pattern: '^[^/\\\\]+$' });
export const Definition = Type.String({
  pattern: '^[a-z0-9_-]{1,32}$',
  description: "'default' sets path; any other name sets paths[definition]",
});
export const OriginalUrl = Type.String({
  maxLength: 2048,
  pattern: '^https?://[^\\s]+$',
  description: 'http(s) URL the source file came from',
});

/** What ffprobe (or the container, when ffprobe is not installed) says about a clip; stored as Video.media_info. */
export const MediaInfo = Type.Object({
  duration_s: Nullable(Type.Number()),
  size_bytes: Type.Integer({ minimum: 0 }),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  frame_rate: Nullable(Type.Number()),
  video_codec: Nullable(Type.String()),
  audio_codec: Nullable(Type.String()),
  container: Nullable(Type.String()),
  probed_with: Type.Union([Type.Literal('ffprobe'), Type.Literal('container')]),
});
export type MediaInfo = Static<typeof MediaInfo>;

/** The clip continuity check: how far a switch from or to the standby clip would jump (0 = same picture, 1 = nothing alike). */
export const ContinuityReport = Type.Object({
  checked_at: Type.String(),
  standby_video_id: Nullable(
    Type.String({ description: 'the standby clip compared against; null: the character has none yet' }),
  ),
  first_frame_distance: Nullable(Type.Number()),
  last_frame_distance: Nullable(Type.Number()),
  first_frame_colour_distance: Type.Optional(
    Nullable(
      Type.Number({
        description:
          'colour distance (RGB over 4×4 cells) of the first frame; absent in reports made before colour was compared',
      }),
    ),
  ),
  last_frame_colour_distance: Type.Optional(Nullable(Type.Number())),
  warnings: Type.Array(Type.String(), {
    description: 'Japanese warnings for the admin; empty = the switch should not show',
  }),
});
export type ContinuityReport = Static<typeof ContinuityReport>;

const EditableVideo = Type.Pick(Video, [
  'play_end',
  'loop',
  'loop_count',
  'mic_on',
  'play_now',
  'mic_on_millisecond',
  'comment',
  'file_id',
  'original_id',
  'video_style',
]);

/** Video fields an admin sets (upload form fields, insert_video, PUT); every one optional, absent ones keep their value or default. */
export const VideoFields = Type.Partial(
  Type.Composite([
    bounded(withoutDefaults(EditableVideo), MEDIA_BOUNDS),
    Type.Object({ id: VideoId, title: VideoTitle }),
  ]),
  { additionalProperties: false },
);
export type VideoFields = Static<typeof VideoFields>;

/** vod_upload: the multipart field naming the video whose file is replaced (sent before the file). */
export const VodUploadFields = Type.Object({ video_id: ShortId }, { additionalProperties: false });
export type VodUploadFields = Static<typeof VodUploadFields>;

export const VideoEditBody = Type.Omit(VideoFields, ['id'], { additionalProperties: false, minProperties: 1 });
export type VideoEditBody = Static<typeof VideoEditBody>;

export const InsertVideoBody = Type.Object(
  {
    video: Type.Composite([VideoFields, Type.Object({ path: MediaPath })], { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type InsertVideoBody = Static<typeof InsertVideoBody>;

export const VodRefBody = Type.Object({ character_id: ShortId, video_id: ShortId }, { additionalProperties: false });
export type VodRefBody = Static<typeof VodRefBody>;
export const ChangeVideoPathBody = Type.Object(
  { character_id: ShortId, video_id: ShortId, path: MediaPath },
  { additionalProperties: false },
);
export type ChangeVideoPathBody = Static<typeof ChangeVideoPathBody>;
export const SetOriginalUrlBody = Type.Object(
  { character_id: ShortId, video_id: ShortId, original_url: OriginalUrl },
  { additionalProperties: false },
);
export type SetOriginalUrlBody = Static<typeof SetOriginalUrlBody>;

export const MediaCharacterParams = Type.Object({ character_id: ShortId });
export type MediaCharacterParams = Static<typeof MediaCharacterParams>;
export const MediaVideoParams = Type.Object({ character_id: ShortId, video_id: ShortId });
export type MediaVideoParams = Static<typeof MediaVideoParams>;
export const DefinitionParams = Type.Object({ definition: Definition });
export type DefinitionParams = Static<typeof DefinitionParams>;
export const VideoIdParams = Type.Object({ video_id: ShortId });
export type VideoIdParams = Static<typeof VideoIdParams>;
export const CharacterIdQuery = Type.Object({ character_id: ShortId }, { additionalProperties: false });
export type CharacterIdQuery = Static<typeof CharacterIdQuery>;
export const SubtitleParams = Type.Object({ character_id: ShortId, language: Language, title: SubtitleTitle });
export type SubtitleParams = Static<typeof SubtitleParams>;
/** A WebVTT file (PUT body, Content-Type text/vtt), at most 1 MB. */
export const SUBTITLE_MAX_BYTES = 1_048_576;
export const SubtitleBody = Type.String({ minLength: 1, maxLength: SUBTITLE_MAX_BYTES });

/** A video as the library shows it: every Video field plus its files, media info and continuity. */
export const VideoEntry = Type.Composite([
  Video,
  Type.Object({
    url: Type.String({ description: 'public URL of the default file' }),
    poster_url: Nullable(Type.String({ description: 'first frame as WebP; null when none was made (ffmpeg missing)' })),
    paths: Type.Record(Type.String(), Type.String(), { description: 'other renditions: definition → path' }),
    original_url: Nullable(Type.String()),
    continuity: Nullable(ContinuityReport),
    subtitle_languages: Type.Array(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
  }),
]);
export type VideoEntry = Static<typeof VideoEntry>;

export const VideoReply = Type.Object({ ok: Type.Literal(true), video: VideoEntry });
export type VideoReply = Static<typeof VideoReply>;
export const VideoLibrary = Type.Object({ ok: Type.Literal(true), videos: Type.Array(VideoEntry) });
export type VideoLibrary = Static<typeof VideoLibrary>;

/** Where a video is used: a block's field, or the character's setting/draft. */
export const VideoReference = Type.Object({
  kind: Type.Union([Type.Literal('block'), Type.Literal('setting'), Type.Literal('draft')]),
  block_id: Type.Optional(Type.String()),
  field: Type.String(),
});
export type VideoReference = Static<typeof VideoReference>;

export const VideoDeleted = Type.Object({ ok: Type.Literal(true), deleted: Type.String() });
export const VideoDetails = Type.Object({
  ok: Type.Literal(true),
  video: VideoEntry,
  media_info: Nullable(MediaInfo),
  continuity: Nullable(ContinuityReport),
  used_by: Type.Array(VideoReference),
});
export type VideoDetails = Static<typeof VideoDetails>;
export const VideoPreview = Type.Object({
  ok: Type.Literal(true),
  video: VideoEntry,
  url: Type.String(),
  poster_url: Nullable(Type.String()),
  subtitles: Type.Record(Type.String(), Type.String(), { description: 'language → URL of the .vtt' }),
});
export type VideoPreview = Static<typeof VideoPreview>;

export const AbsoluteUrls = Type.Object({
  ok: Type.Literal(true),
  videos: Type.Record(Type.String(), Type.String(), { description: 'video id → absolute URL' }),
  posters: Type.Record(Type.String(), Type.String()),
  subtitles: Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
    description: 'language → title → absolute URL',
  }),
  avatar: Nullable(Type.String()),
});
export type AbsoluteUrls = Static<typeof AbsoluteUrls>;

export const ContinuityRun = Type.Object({
  ok: Type.Literal(true),
  videos: Type.Array(Type.Object({ video_id: Type.String(), continuity: ContinuityReport })),
});
export type ContinuityRun = Static<typeof ContinuityRun>;

/** SPEC §9: image sizes 16–384 and device widths 640–3840 (the avatar's WebP renditions, never wider than the original). */
export const AVATAR_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const AvatarReply = Type.Object({
  ok: Type.Literal(true),
  avatar_url: Type.String(),
  renditions: Type.Array(Type.Object({ width: Type.Integer(), url: Type.String() })),
});
export type AvatarReply = Static<typeof AvatarReply>;

export const SubtitleSaved = Type.Object({
  ok: Type.Literal(true),
  language: Type.String(),
  title: Type.String(),
  url: Type.String(),
  cues: Type.Integer(),
});
export type SubtitleSaved = Static<typeof SubtitleSaved>;
export const SubtitleList = Type.Object({
  ok: Type.Literal(true),
  subtitles: Type.Record(Type.String(), Type.Array(Type.String()), {
    description: 'language → titles (video titles without .mp4)',
  }),
});
export type SubtitleList = Static<typeof SubtitleList>;
export const MediaOk = Type.Object({ ok: Type.Literal(true) });
