import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt, requireAdminCaller } from '@talkwith/platform/http';
import { addCharacter, openCharacters, publishCharacter, type Character } from './characters.ts';

const CharacterBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 5000, default: '' }),
}, { additionalProperties: false });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

const view = ({ _id, ...c }: Character) => ({ id: _id, ...c });

/** Catalog: characters (settings, blocks, videos and the rest come in later issues). */
export const catalogPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  await ensureJwt(app, config.JWT_SECRET);
  const characters = openCharacters(platform.store);

  app.get('/api/catalog/healthz', { schema: { tags: ['catalog'], summary: 'catalog service alive' } }, async () => ({ ok: true as const, service: 'catalog' }));
  app.get('/api/characters', { schema: { tags: ['catalog'], summary: 'Published characters' } }, async () => {
    const items = await characters.find({ published_at: { $ne: null } }, { sort: { published_at: -1 }, limit: 200 });
    return { ok: true as const, characters: items.map(view) };
  });
  app.post('/api/admin/characters', { schema: { tags: ['catalog', 'admin'], summary: 'Add a character (unpublished)', body: CharacterBody } }, async (request, reply) => {
    await requireAdminCaller(request);
    const character = await addCharacter(characters, request.body as { name: string; description: string });
    return reply.code(201).send({ ok: true as const, character: view(character) });
  });
  app.post('/api/admin/characters/:id/publish', { schema: { tags: ['catalog', 'admin'], summary: 'Publish a character', params: IdParams } }, async (request) => {
    await requireAdminCaller(request);
    const character = await publishCharacter(characters, platform.events, (request.params as { id: string }).id);
    return { ok: true as const, character: view(character) };
  });
};
