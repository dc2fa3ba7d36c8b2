import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { AdminCharacterParams, NewCharacterBody } from '@talkwith/proto/catalog';
import { addCharacter, openCharacters, publishCharacter, type Character } from '../characters.ts';
import type { CatalogDeps } from '../deps.ts';

/** The admin view keeps the authoring fields but not the (large) dialogue graph. */
const view = ({ _id, dialogue: _dialogue, ...c }: Character) => ({ id: _id, ...c });

/** Admin authoring of characters, settings and blocks (SPEC.md §7 Admin: Characters, Blocks). */
export const authoringRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const characters = openCharacters(platform.store);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post('/api/admin/characters', { schema: { tags: ['catalog', 'admin'], summary: 'Add a character (unpublished)', body: NewCharacterBody } }, async (request, reply) => {
    await requireAdminCaller(request);
    const character = await addCharacter(characters, request.body);
    return reply.code(201).send({ ok: true as const, character: view(character) });
  });
  api.post('/api/admin/characters/:id/publish', { schema: { tags: ['catalog', 'admin'], summary: 'Publish a character', params: AdminCharacterParams } }, async (request) => {
    await requireAdminCaller(request);
    const character = await publishCharacter(platform.store, platform.events, request.params.id);
    return { ok: true as const, character: view(character) };
  });
};
