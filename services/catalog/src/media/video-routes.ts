import { join } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  InsertVideoBody,
  MediaCharacterParams,
  MediaVideoParams,
  VideoDeleted,
  VideoEditBody,
  VideoFields,
  VideoLibrary,
  VideoReply,
  VodUploadFields,
} from '@talkwith/proto/catalog';
import { mediaKeys } from '../characters.ts';
import { deleteQuietly, requireCharacter, requireVideo, type MediaContext } from './context.ts';
import { deleteVideo, editVideo } from './edits.ts';
import { withScratchDir } from './local-copy.ts';
import { parseFields, receiveUpload } from './receive-upload.ts';
import { storeVideoStream } from './upload-stream.ts';
import { withUploadSlot } from './upload-slots.ts';
import {
  claimVideoNames,
  createVideo,
  insertVideo,
  replacementPathFor,
  replaceVideoFile,
  videoPathFor,
  type StoredClip,
} from './videos.ts';
import { videoEntry, videoLibrary } from './views.ts';

const tags = ['catalog', 'admin'];
const multipartNote =
  'multipart/form-data; text fields first, then one `file` part (MP4 or WebM, checked by its first bytes)';

/** The video library: upload, replace, insert, edit, delete, list. */
export function registerVideoRoutes(app: FastifyInstance, ctx: MediaContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const maxBytes = ctx.config.MEDIA_UPLOAD_MAX_BYTES;
  const discard = (clip: StoredClip) => deleteQuietly(ctx, [clip.key]);

  api.get(
    '/api/admin/characters/:character_id/videos',
    {
      schema: {
        tags,
        summary: 'The video library of a character (media info, continuity, URLs, subtitle languages)',
        params: MediaCharacterParams,
        response: { 200: VideoLibrary },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      await requireCharacter(ctx, request.params.character_id);
      if (ctx.operatorCookie) reply.header('set-cookie', ctx.operatorCookie(admin.sub));
      return { ok: true as const, videos: await videoLibrary(ctx, request.params.character_id) };
    },
  );

  api.post(
    '/api/admin/characters/:character_id/video/upload',
    {
      schema: {
        tags,
        summary: 'Upload a video (streamed to the files port; media info and continuity check)',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        params: MediaCharacterParams,
        response: { 201: VideoReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const characterId = request.params.character_id;
      await requireCharacter(ctx, characterId);
      const doc = await withUploadSlot(ctx, caller.sub, () =>
        withScratchDir(async (scratch) => {
          const { result } = await receiveUpload(
            request,
            maxBytes,
            async (raw, part) => {
              const fields = parseFields(VideoFields, raw);
              const names = await claimVideoNames(ctx, characterId, fields, part.filename);
              const stored = await storeVideoStream(
                ctx.platform.files,
                part.file,
                maxBytes,
                (kind) => mediaKeys(characterId).media(videoPathFor(names.id, kind)),
                (kind) => join(scratch, `clip.${kind}`),
              );
              return { fields, names, clip: { ...stored, path: videoPathFor(names.id, stored.kind), uploaded: true } };
            },
            (r) => discard(r.clip),
          );
          return createVideo(ctx, caller.sub, characterId, result.names, result.fields, result.clip);
        }),
      );
      return reply.code(201).send({ ok: true as const, video: await videoEntry(ctx, doc) });
    },
  );

  api.post(
    '/api/admin/characters/:character_id/vod_upload',
    {
      schema: {
        tags,
        summary: 'Replace the file of an existing video (the video keeps its id and references)',
        description: `${multipartNote}; field video_id`,
        consumes: ['multipart/form-data'],
        params: MediaCharacterParams,
        response: { 200: VideoReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const characterId = request.params.character_id;
      await requireCharacter(ctx, characterId);
      const doc = await withUploadSlot(ctx, caller.sub, () =>
        withScratchDir(async (scratch) => {
          const { result } = await receiveUpload(
            request,
            maxBytes,
            async (raw, part) => {
              const { video_id } = parseFields(VodUploadFields, raw);
              await requireVideo(ctx, characterId, video_id);
              const stamp = Date.now().toString(36);
              const stored = await storeVideoStream(
                ctx.platform.files,
                part.file,
                maxBytes,
                (kind) => mediaKeys(characterId).media(replacementPathFor(video_id, kind, stamp)),
                (kind) => join(scratch, `clip.${kind}`),
              );
              return {
                videoId: video_id,
                clip: { ...stored, path: replacementPathFor(video_id, stored.kind, stamp), uploaded: true },
              };
            },
            (r) => discard(r.clip),
          );
          return replaceVideoFile(ctx, caller.sub, characterId, result.videoId, result.clip);
        }),
      );
      return { ok: true as const, video: await videoEntry(ctx, doc) };
    },
  );

  api.post(
    '/api/admin/characters/:character_id/insert_video',
    {
      schema: {
        tags,
        summary: 'Add a video for a file already in the files port',
        params: MediaCharacterParams,
        body: InsertVideoBody,
        response: { 201: VideoReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const doc = await insertVideo(ctx, caller.sub, request.params.character_id, request.body.video);
      return reply.code(201).send({ ok: true as const, video: await videoEntry(ctx, doc) });
    },
  );

  api.put(
    '/api/admin/characters/:character_id/videos/:video_id',
    {
      schema: {
        tags,
        summary: 'Edit fields of a video (partial)',
        params: MediaVideoParams,
        body: VideoEditBody,
        response: { 200: VideoReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await editVideo(ctx, caller.sub, request.params.character_id, request.params.video_id, request.body);
      return { ok: true as const, video: await videoEntry(ctx, doc) };
    },
  );

  api.delete(
    '/api/admin/characters/:character_id/video/:video_id',
    {
      schema: {
        tags,
        summary: 'Delete a video and its file (409 VIDEO_REFERENCED while blocks or settings use it)',
        params: MediaVideoParams,
        response: { 200: VideoDeleted },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      await deleteVideo(ctx, caller.sub, request.params.character_id, request.params.video_id);
      return { ok: true as const, deleted: request.params.video_id };
    },
  );
}
