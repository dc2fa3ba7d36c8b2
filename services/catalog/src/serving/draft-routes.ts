import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { AdminCharacterParams, CharacterSlugParams, PlayableCharacter } from '@talkwith/proto/catalog';
import { characterToTry, draftToTry, type DraftServingDeps } from './draft.ts';

/** As in plugin.ts: the named type, because inferring the whole character graph is too deep (TS2589). */
const PlayableReply = Type.Unsafe<PlayableCharacter>(PlayableCharacter);
const tags = ['catalog', 'admin'];

/** Operators try the draft (serving/draft.ts): by id from the console's simulator, by URL name from /full/chat. */
export const draftRoutes: FastifyPluginAsync<{ serving: DraftServingDeps }> = async (app, { serving }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/api/admin/characters/:id/try',
    {
      schema: {
        tags,
        summary:
          'The draft ready to play for an operator (access draft; clips signed for the operator); indexes its blocks for the draft search',
        params: AdminCharacterParams,
        response: { 200: PlayableReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      return draftToTry(serving, await characterToTry(serving.store, { id: request.params.id }), caller.sub, reply);
    },
  );
  api.post(
    '/api/admin/characters/by-slug/:slug/try',
    {
      schema: {
        tags,
        summary:
          "The draft of a character by its URL name, for an operator's preview of /full/chat (unpublished or priced ones too)",
        params: CharacterSlugParams,
        response: { 200: PlayableReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      return draftToTry(serving, await characterToTry(serving.store, { slug: request.params.slug }), caller.sub, reply);
    },
  );
};
