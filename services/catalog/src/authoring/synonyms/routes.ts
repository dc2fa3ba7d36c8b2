import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminCharacterParams,
  SetSynonymsBody,
  SynonymCandidatesBody,
  SynonymCandidatesReply,
  SynonymsReply,
} from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../../deps.ts';
import { audited } from '../../audit.ts';
import { requireCharacter } from '../character-admin.ts';
import { loadSynonymDictionary, proposeSynonyms } from './dictionary.ts';
import { draftHitWords, setSynonymGroup, synonymGroupsOf } from './groups.ts';

const tags = ['catalog', 'admin'];

/** A character's synonym groups (API.md § Synonyms): read, set one word's, propose from the dictionary. */
export const synonymRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const { store } = platform;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/admin/characters/:id/synonyms',
    {
      schema: {
        tags,
        summary: "The synonym groups of the character's draft",
        params: AdminCharacterParams,
        response: { 200: SynonymsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, synonyms: await synonymGroupsOf(store, request.params.id) };
    },
  );
  api.put(
    '/api/admin/characters/:id/synonyms',
    {
      schema: {
        tags,
        summary: "Set one word's synonyms in the draft (an empty list removes them)",
        params: AdminCharacterParams,
        body: SetSynonymsBody,
        response: { 200: SynonymsReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const { id } = request.params;
      const synonyms = await audited(
        platform,
        { adminId: caller.sub },
        'character.synonyms_updated',
        (tx) => setSynonymGroup(tx, id, request.body),
        () => ({
          character_id: id,
          word: request.body.word,
          count: request.body.synonyms.length,
        }),
      );
      return { ok: true as const, synonyms };
    },
  );
  api.post(
    '/api/admin/characters/:id/synonyms/candidates',
    {
      schema: {
        tags,
        summary: 'Synonyms an open dictionary proposes for the given words (default: every hit word of the draft)',
        params: AdminCharacterParams,
        body: SynonymCandidatesBody,
        response: { 200: SynonymCandidatesReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { id } = request.params;
      const character = await requireCharacter(store, id);
      const words = request.body.words ?? (await draftHitWords(store, id));
      const dictionary = await loadSynonymDictionary();
      return {
        ok: true as const,
        candidates: proposeSynonyms(dictionary, words, character.draft?.synonyms ?? []),
        source: dictionary.source,
      };
    },
  );
};
