import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AbsoluteUrls,
  ChangeVideoPathBody,
  CharacterIdQuery,
  ContinuityRun,
  DefinitionParams,
  MediaCharacterParams,
  SetOriginalUrlBody,
  VideoDetails,
  VideoIdParams,
  VideoPreview,
  VideoReply,
  VodRefBody,
} from '@talkwith/proto/catalog';
import { requireCharacter, requireVideo, type MediaContext } from './context.ts';
import { changeVideoPath, refreshMediaInfo, rerunContinuity, setOriginalUrl } from './edits.ts';
import { videoReferences } from './references.ts';
import { absoluteUrls, listMedia, mediaInfoOf, subtitleNameOf, videoEntry } from './views.ts';

const tags = ['catalog', 'admin'];

/** The vod/* calls, absolute URLs, the preview and details pages, and the continuity re-check. */
export function registerVodRoutes(app: FastifyInstance, ctx: MediaContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/admin/characters/vod/updateMediaInfo',
    {
      schema: {
        tags,
        summary: 'Probe a video file again (ffprobe, else the container) and redo its continuity check',
        body: VodRefBody,
        response: { 200: VideoReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await refreshMediaInfo(ctx, caller.sub, request.body.character_id, request.body.video_id);
      return { ok: true as const, video: await videoEntry(ctx, doc) };
    },
  );

  api.post(
    '/api/admin/characters/vod/changeVideoPath/:definition',
    {
      schema: {
        tags,
        summary: "Point a video at another stored file ('default' = path, else a rendition)",
        params: DefinitionParams,
        body: ChangeVideoPathBody,
        response: { 200: VideoReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await changeVideoPath(ctx, caller.sub, request.params.definition, request.body);
      return { ok: true as const, video: await videoEntry(ctx, doc) };
    },
  );

  api.post(
    '/api/admin/characters/vod/setOriginalUrl',
    {
      schema: {
        tags,
        summary: 'Record where the source file of a video came from',
        body: SetOriginalUrlBody,
        response: { 200: VideoReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await setOriginalUrl(ctx, caller.sub, request.body);
      return { ok: true as const, video: await videoEntry(ctx, doc) };
    },
  );

  api.get(
    '/api/admin/characters/:character_id/abs',
    {
      schema: {
        tags,
        summary: 'Absolute URLs of every video, poster and subtitle of a character',
        params: MediaCharacterParams,
        response: { 200: AbsoluteUrls },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const character = await requireCharacter(ctx, request.params.character_id);
      const origin = ctx.publicOrigin ?? `${request.protocol}://${request.host}`;
      return { ok: true as const, ...(await absoluteUrls(ctx, character, origin)) };
    },
  );

  api.get(
    '/api/admin/characters/previewVideo/:video_id',
    {
      schema: {
        tags,
        summary: 'A video with its URL, poster and subtitles, for the preview page',
        params: VideoIdParams,
        querystring: CharacterIdQuery,
        response: { 200: VideoPreview },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      if (ctx.operatorCookie) reply.header('set-cookie', ctx.operatorCookie(admin.sub));
      const doc = await requireVideo(ctx, request.query.character_id, request.params.video_id);
      const listing = await listMedia(ctx.platform.files, doc.character_id);
      const video = await videoEntry(ctx, doc);
      const subtitleKeys = listing.subtitles.get(subtitleNameOf(doc.title)) ?? new Map<string, string>();
      const subtitles = Object.fromEntries(
        [...subtitleKeys].map(([language, key]) => [language, ctx.platform.files.publicUrl(key)]),
      );
      return { ok: true as const, video, url: video.url, poster_url: video.poster_url, subtitles };
    },
  );

  api.get(
    '/api/admin/characters/details/:video_id',
    {
      schema: {
        tags,
        summary: 'A video with its media info, continuity report and the blocks and settings that use it',
        params: VideoIdParams,
        querystring: CharacterIdQuery,
        response: { 200: VideoDetails },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      if (ctx.operatorCookie) reply.header('set-cookie', ctx.operatorCookie(admin.sub));
      const character = await requireCharacter(ctx, request.query.character_id);
      const doc = await requireVideo(ctx, character._id, request.params.video_id);
      const used_by = await videoReferences(ctx, character, doc.id);
      return {
        ok: true as const,
        video: await videoEntry(ctx, doc),
        media_info: mediaInfoOf(doc),
        continuity: doc.continuity ?? null,
        used_by,
      };
    },
  );

  api.post(
    '/api/admin/characters/:character_id/continuity',
    {
      schema: {
        tags,
        summary: 'Re-run the clip continuity check of every video against the current standby clip',
        params: MediaCharacterParams,
        response: { 200: ContinuityRun },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      return { ok: true as const, videos: await rerunContinuity(ctx, caller.sub, request.params.character_id) };
    },
  );
}
