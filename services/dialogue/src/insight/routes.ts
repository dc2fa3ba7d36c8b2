import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAdminCaller, requireCaller } from '@talkwith/platform/http';
import {
  BlockInsightReply,
  InsightParams,
  InsightRangeQuery,
  MatchedInsightQuery,
  MatchedInsightReply,
  UnmatchedInsightQuery,
  UnmatchedInsightReply,
  UnmatchedReply,
  UnmatchedRequest,
} from '@talkwith/proto/dialogue';
import type { DialogueDeps } from '../deps.ts';
import { takeRecognitionSlot } from '../recognition/limiter.ts';
import { blockInsight } from './blocks.ts';
import { matchedInsight } from './matched.ts';
import { recordUnmatched } from './record.ts';
import { unmatchedInsight } from './unmatched.ts';

/**
 * The caller of the public route, when it sent a token (its utterances are
 * forgotten with its account). A token that is there but does not verify is
 * 401: the sender meant to be signed in and must not be filed as a visitor.
 */
async function optionalCallerId(request: FastifyRequest): Promise<string | null> {
  return request.headers.authorization === undefined ? null : (await requireCaller(request)).sub;
}

/** Insight (API.md § Insight): the player's unmatched utterances (public) and the admins' figures. */
export const insightRoutes: FastifyPluginAsync<DialogueDeps> = async (app, { platform, config }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = platform;

  api.post(
    '/api/dialogue/unmatched',
    {
      schema: {
        tags: ['dialogue', 'insight'],
        summary: 'Report an utterance the character could not answer (visitors too)',
        body: UnmatchedRequest,
        response: { 200: UnmatchedReply },
      },
    },
    async (request) => {
      // The recognition routes' per-address budget: one limiter for everything a talk sends unauthenticated.
      await takeRecognitionSlot(platform.cache, config.RECOGNITION_RATE_PER_MINUTE, request.ip);
      const userId = await optionalCallerId(request);
      await recordUnmatched(store, { request: request.body, userId, retentionDays: config.INSIGHT_RETENTION_DAYS });
      return { ok: true as const };
    },
  );

  api.get(
    '/api/admin/insight/:character_id/blocks',
    {
      schema: {
        tags: ['insight'],
        summary: 'Per-block figures and edges of a character over Japan days (default: the last 7)',
        params: InsightParams,
        querystring: InsightRangeQuery,
        response: { 200: BlockInsightReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, ...(await blockInsight(store, request.params.character_id, request.query)) };
    },
  );

  api.get(
    '/api/admin/insight/:character_id/unmatched',
    {
      schema: {
        tags: ['insight'],
        summary: "Unmatched utterances grouped by meaning, and the last week's coverage",
        params: InsightParams,
        querystring: UnmatchedInsightQuery,
        response: { 200: UnmatchedInsightReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, ...(await unmatchedInsight(store, request.params.character_id, request.query)) };
    },
  );

  api.get(
    '/api/admin/insight/:character_id/matched',
    {
      schema: {
        tags: ['insight'],
        summary: 'Understood utterances grouped by text, block and how they matched (hit word, synonym, score), paged',
        params: InsightParams,
        querystring: MatchedInsightQuery,
        response: { 200: MatchedInsightReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, ...(await matchedInsight(store, request.params.character_id, request.query)) };
    },
  );
};
