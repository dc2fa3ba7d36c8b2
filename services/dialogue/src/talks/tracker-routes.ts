import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireCaller } from '@talkwith/platform/http';
import {
  AlbumParams,
  AlbumReply,
  HistoryReply,
  HistoryRequest,
  NextStartBlockReply,
  NextStartBlockRequest,
  TrackerDeleteReply,
  TrackerDeleteRequest,
  TrackStepReply,
  TrackStepRequest,
} from '@talkwith/proto/dialogue';
import type { DialogueDeps } from '../deps.ts';
import { albumOf } from './album.ts';
import { assertSelf } from '../errors.ts';
import { deleteTracker, historyOf, nextStartBlock, trackStep } from './tracker.ts';

const tags = ['tracker'];

/** The conversation tracker, history, resume and the album (API.md § Talks). A body's user_id must be the caller. */
export const trackerRoutes: FastifyPluginAsync<DialogueDeps> = async (app, { platform, config }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = platform;

  api.post(
    '/api/conversation_tracker',
    {
      schema: {
        tags,
        summary: "Record a step: the caller's place with the character",
        body: TrackStepRequest,
        response: { 200: TrackStepReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const { user_id, ...step } = request.body;
      assertSelf(caller.sub, user_id);
      return {
        ok: true as const,
        state: await trackStep(
          { store, events: platform.events },
          { userId: caller.sub, step, retentionDays: config.INSIGHT_RETENTION_DAYS },
        ),
      };
    },
  );

  api.post(
    '/api/conversation_tracker/delete',
    {
      schema: {
        tags,
        summary: 'Forget where the caller was (every character, or one)',
        body: TrackerDeleteRequest,
        response: { 200: TrackerDeleteReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      assertSelf(caller.sub, request.body.user_id);
      return { ok: true as const, deleted: await deleteTracker(store, caller.sub, request.body.character_id) };
    },
  );

  api.post(
    '/api/history',
    {
      schema: {
        tags,
        summary: "The caller's place with every character, newest first",
        body: HistoryRequest,
        response: { 200: HistoryReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      assertSelf(caller.sub, request.body.user_id);
      return { ok: true as const, historyState: await historyOf(store, caller.sub) };
    },
  );

  api.post(
    '/api/next_start_block',
    {
      schema: {
        tags,
        summary: 'The block a resume starts from (null: nothing to resume)',
        body: NextStartBlockRequest,
        response: { 200: NextStartBlockReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      assertSelf(caller.sub, request.body.user_id);
      return { ok: true as const, ...(await nextStartBlock(store, caller.sub, request.body.character_id)) };
    },
  );

  api.get(
    '/api/dialogue/album/:character_id',
    {
      schema: {
        tags: ['album'],
        summary: 'What the caller has found of a character',
        params: AlbumParams,
        response: { 200: AlbumReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return albumOf(store, caller.sub, request.params.character_id);
    },
  );
};
