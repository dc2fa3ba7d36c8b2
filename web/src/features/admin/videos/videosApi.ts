import type {
  ContinuityRun,
  SubtitleList,
  SubtitleSaved,
  TranslateBody,
  TranslateReply,
  VideoDetails,
  VideoEditBody,
  VideoLibrary,
  VideoPreview,
  VideoReply,
} from '@talkwith/proto/catalog';
import { adminUrl } from '../adminApi.ts';
import { charactersApi } from '../characters/charactersApi.ts';

type WithBase<T> = T & { base: string };

const enc = encodeURIComponent;
const characterPath = (characterId: string, rest: string) => `characters/${enc(characterId)}/${rest}`;

/** The video library's tags (one per character's library, one per its subtitles), beside the character tags it also invalidates. */
const withTags = charactersApi.enhanceEndpoints({ addTagTypes: ['AdminVideos', 'AdminSubtitles'] });

export const videosApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    adminVideos: build.query<VideoLibrary, WithBase<{ characterId: string }>>({
      query: ({ base, characterId }) => adminUrl(base, characterPath(characterId, 'videos')),
      providesTags: (_r, _e, { characterId }) => [{ type: 'AdminVideos', id: characterId }],
    }),
    adminEditVideo: build.mutation<VideoReply, WithBase<{ characterId: string; videoId: string; body: VideoEditBody }>>(
      {
        query: ({ base, characterId, videoId, body }) => ({
          url: adminUrl(base, characterPath(characterId, `videos/${enc(videoId)}`)),
          method: 'PUT',
          body,
        }),
        // A renamed clip takes its subtitles along (stored under its title): they are listed anew. The character's tag
        // too: a clip edit can make the draft differ from the live version (the 未公開の変更あり badge).
        invalidatesTags: (_r, _e, { characterId }) => [
          { type: 'AdminVideos', id: characterId },
          { type: 'AdminFaults', id: characterId },
          { type: 'AdminSubtitles', id: characterId },
          { type: 'AdminCharacter', id: characterId },
        ],
      },
    ),
    adminDeleteVideo: build.mutation<{ ok: true; deleted: string }, WithBase<{ characterId: string; videoId: string }>>(
      {
        query: ({ base, characterId, videoId }) => ({
          url: adminUrl(base, characterPath(characterId, `video/${enc(videoId)}`)),
          method: 'DELETE',
        }),
        invalidatesTags: (_r, _e, { characterId }) => [
          { type: 'AdminVideos', id: characterId },
          { type: 'AdminFaults', id: characterId },
          { type: 'AdminCharacter', id: characterId },
          'AdminCharacters',
        ],
      },
    ),
    adminVideoDetails: build.query<VideoDetails, WithBase<{ characterId: string; videoId: string }>>({
      query: ({ base, characterId, videoId }) => ({
        url: adminUrl(base, `characters/details/${enc(videoId)}`),
        params: { character_id: characterId },
      }),
      providesTags: (_r, _e, { characterId }) => [{ type: 'AdminVideos', id: characterId }],
    }),
    adminVideoPreview: build.query<VideoPreview, WithBase<{ characterId: string; videoId: string }>>({
      query: ({ base, characterId, videoId }) => ({
        url: adminUrl(base, `characters/previewVideo/${enc(videoId)}`),
        params: { character_id: characterId },
      }),
      providesTags: (_r, _e, { characterId }) => [
        { type: 'AdminVideos', id: characterId },
        { type: 'AdminSubtitles', id: characterId },
      ],
    }),
    adminUpdateMediaInfo: build.mutation<VideoReply, WithBase<{ characterId: string; videoId: string }>>({
      query: ({ base, characterId, videoId }) => ({
        url: adminUrl(base, 'characters/vod/updateMediaInfo'),
        method: 'POST',
        body: { character_id: characterId, video_id: videoId },
      }),
      invalidatesTags: (_r, _e, { characterId }) => [{ type: 'AdminVideos', id: characterId }],
    }),
    /** 「すべて再チェック」: every clip compared again with the current standby clip. */
    adminRecheckContinuity: build.mutation<ContinuityRun, WithBase<{ characterId: string }>>({
      query: ({ base, characterId }) => ({
        url: adminUrl(base, characterPath(characterId, 'continuity')),
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { characterId }) => [{ type: 'AdminVideos', id: characterId }],
    }),
    adminSubtitles: build.query<SubtitleList, WithBase<{ characterId: string }>>({
      query: ({ base, characterId }) => adminUrl(base, characterPath(characterId, 'subtitles')),
      providesTags: (_r, _e, { characterId }) => [{ type: 'AdminSubtitles', id: characterId }],
    }),
    /** One WebVTT file as text ('' when the language has none yet: the editor starts empty). */
    adminSubtitle: build.query<string, WithBase<{ characterId: string; language: string; title: string }>>({
      query: ({ base, characterId, language, title }) => ({
        url: adminUrl(base, characterPath(characterId, `subtitles/${enc(language)}/${enc(title)}`)),
        responseHandler: (response) => (response.status === 404 ? Promise.resolve('') : response.text()),
        validateStatus: (response) => response.ok || response.status === 404,
      }),
      providesTags: (_r, _e, { characterId }) => [{ type: 'AdminSubtitles', id: characterId }],
    }),
    adminSaveSubtitle: build.mutation<
      SubtitleSaved,
      WithBase<{ characterId: string; language: string; title: string; vtt: string }>
    >({
      query: ({ base, characterId, language, title, vtt }) => ({
        url: adminUrl(base, characterPath(characterId, `subtitles/${enc(language)}/${enc(title)}`)),
        method: 'PUT',
        body: vtt,
        headers: { 'content-type': 'text/vtt' },
      }),
      invalidatesTags: (_r, _e, { characterId }) => [
        { type: 'AdminSubtitles', id: characterId },
        { type: 'AdminVideos', id: characterId },
      ],
    }),
    /** POST /api/admin/translate: one line of a subtitle in another language (`available` false: the adapter had none). */
    adminTranslate: build.mutation<TranslateReply, WithBase<TranslateBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'translate'), method: 'POST', body }),
    }),
    adminDeleteSubtitle: build.mutation<unknown, WithBase<{ characterId: string; language: string; title: string }>>({
      query: ({ base, characterId, language, title }) => ({
        url: adminUrl(base, characterPath(characterId, `subtitles/${enc(language)}/${enc(title)}`)),
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { characterId }) => [
        { type: 'AdminSubtitles', id: characterId },
        { type: 'AdminVideos', id: characterId },
      ],
    }),
  }),
});

export const {
  useAdminVideosQuery,
  useAdminEditVideoMutation,
  useAdminDeleteVideoMutation,
  useAdminVideoDetailsQuery,
  useAdminVideoPreviewQuery,
  useAdminUpdateMediaInfoMutation,
  useAdminSubtitlesQuery,
  useAdminSubtitleQuery,
  useAdminSaveSubtitleMutation,
  useAdminDeleteSubtitleMutation,
  useAdminTranslateMutation,
  useAdminRecheckContinuityMutation,
} = videosApi;
