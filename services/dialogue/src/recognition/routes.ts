import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  GetActionReply,
  GetActionRequest,
  ScoreReply,
  ScoreRequest,
  SearchReply,
  SearchRequest,
  UnderstandReply,
  UnderstandRequest,
} from '@talkwith/proto/dialogue';
import type { DialogueDeps } from '../deps.ts';
import { findAction } from './actions.ts';
import { takeRecognitionSlot } from './limiter.ts';
import { scoreUtterance } from './score.ts';
import { searchUtterance } from './search.ts';
import { createSpjHttp } from './spj-http.ts';
import { requireAdminCaller } from '@talkwith/platform/http';
import { loadDraftRecognition } from './draft.ts';
import { understandUtterance } from './understanding/index.ts';

const tags = ['dialogue'];

/**
 * The public recognition routes (API.md Recognition): a logged-out visitor
 * may talk to a free character, so no token is needed; each client address
 * is limited to RECOGNITION_RATE_PER_MINUTE calls over the four.
 */
export const recognitionRoutes: FastifyPluginAsync<DialogueDeps> = async (app, { platform, config, credentials }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const spj = createSpjHttp({
    timeoutMs: config.SPJ_TIMEOUT_MS,
    breakerFailures: config.SPJ_BREAKER_FAILURES,
    breakerOpenMs: config.SPJ_BREAKER_OPEN_MS,
    logger: platform.logger,
  });
  // request.ip: the platform trusts exactly one proxy hop (ours), so this is the client's address.
  const limit = (address: string) => takeRecognitionSlot(platform.cache, config.RECOGNITION_RATE_PER_MINUTE, address);
  const ports = { store: platform.store, search: platform.search, spj, logger: platform.logger, credentials };

  api.post(
    '/api/dialogue/search',
    {
      schema: {
        tags,
        summary: "Rank a block's candidate blocks for an utterance (the character's block index)",
        body: SearchRequest,
        response: { 200: SearchReply },
      },
    },
    async (request) => {
      await limit(request.ip);
      return { ok: true as const, hits: await searchUtterance(ports, request.body) };
    },
  );

  api.post(
    '/api/dialogue/score',
    {
      schema: {
        tags,
        summary: "SPJ score of an utterance in a category (the character's SPJ service, else the embedded scorer)",
        body: ScoreRequest,
        response: { 200: ScoreReply },
      },
    },
    async (request) => {
      await limit(request.ip);
      return { ok: true as const, ...(await scoreUtterance(ports, request.body)) };
    },
  );

  // The same search and score on the draft an operator tries (draft.ts): admin only, not counted against the visitors' limit.
  const draft = { ...ports, load: loadDraftRecognition };
  api.post(
    '/api/admin/dialogue/draft/search',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Search on the draft an operator tries (its blocks indexed apart on character.draft_tried)',
        body: SearchRequest,
        response: { 200: SearchReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, hits: await searchUtterance(draft, request.body) };
    },
  );
  api.post(
    '/api/admin/dialogue/draft/score',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary: 'SPJ score on the draft an operator tries',
        body: ScoreRequest,
        response: { 200: ScoreReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, ...(await scoreUtterance(draft, request.body)) };
    },
  );
  api.post(
    '/api/admin/dialogue/draft/understand',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Hit words found by reading and base form on the draft an operator tries',
        body: UnderstandRequest,
        response: { 200: UnderstandReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return {
        ok: true as const,
        matches: await understandUtterance(platform.store, request.body, loadDraftRecognition),
      };
    },
  );

  api.post(
    '/api/dialogue/understand',
    {
      schema: {
        tags,
        summary: "The current block's hit words found in an utterance by reading and base form (Japanese analysis)",
        body: UnderstandRequest,
        response: { 200: UnderstandReply },
      },
    },
    async (request) => {
      await limit(request.ip);
      return { ok: true as const, matches: await understandUtterance(platform.store, request.body) };
    },
  );

  api.post(
    '/api/action',
    {
      schema: {
        tags,
        summary: 'The action button an action code stands for (get action)',
        body: GetActionRequest,
        response: { 200: GetActionReply },
      },
    },
    async (request) => {
      await limit(request.ip);
      return {
        ok: true as const,
        action: await findAction(platform.store, request.body.code, request.body.character_id),
      };
    },
  );
};
