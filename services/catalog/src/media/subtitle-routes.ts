import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  MediaCharacterParams,
  MediaOk,
  SubtitleBody,
  SubtitleList,
  SubtitleParams,
  SubtitleSaved,
} from '@talkwith/proto/catalog';
import type { MediaContext } from './context.ts';
import { deleteSubtitle, listSubtitles, readSubtitle, saveSubtitle } from './subtitles.ts';

const tags = ['catalog', 'admin'];

/** WebVTT subtitles per language, named after the video's title (SPEC §2). */
export function registerSubtitleRoutes(app: FastifyInstance, ctx: MediaContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const refOf = (p: SubtitleParams) => ({ characterId: p.character_id, language: p.language, title: p.title });

  api.get(
    '/api/admin/characters/:character_id/subtitles',
    {
      schema: {
        tags,
        summary: 'Subtitle files of a character: language → titles',
        params: MediaCharacterParams,
        response: { 200: SubtitleList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, subtitles: await listSubtitles(ctx, request.params.character_id) };
    },
  );

  api.get(
    '/api/admin/characters/:character_id/subtitles/:language/:title',
    {
      schema: {
        tags,
        summary: 'One WebVTT file (text/vtt)',
        params: SubtitleParams,
        response: { 200: Type.String({ description: 'the WebVTT text' }) },
      },
    },
    async (request, reply) => {
      await requireAdminCaller(request);
      const text = await readSubtitle(ctx, refOf(request.params));
      return reply.type('text/vtt; charset=utf-8').header('cache-control', 'no-store').send(text);
    },
  );

  api.put(
    '/api/admin/characters/:character_id/subtitles/:language/:title',
    {
      schema: {
        tags,
        summary: 'Save one WebVTT file (body text/vtt, at most 1 MB, validated)',
        consumes: ['text/vtt'],
        params: SubtitleParams,
        body: SubtitleBody,
        response: { 200: SubtitleSaved },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const saved = await saveSubtitle(ctx, caller.sub, refOf(request.params), request.body);
      return { ok: true as const, language: request.params.language, title: request.params.title, ...saved };
    },
  );

  api.delete(
    '/api/admin/characters/:character_id/subtitles/:language/:title',
    {
      schema: { tags, summary: 'Delete one WebVTT file', params: SubtitleParams, response: { 200: MediaOk } },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      await deleteSubtitle(ctx, caller.sub, refOf(request.params));
      return { ok: true as const };
    },
  );
}
