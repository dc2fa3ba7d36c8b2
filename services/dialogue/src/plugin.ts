import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import { CharacterSearchQuery } from '@talkwith/proto/dialogue';
import { indexCharacter, prepareCharacterIndex, searchCharacters, unindexCharacter } from './character-index.ts';

/** Dialogue: character search for now (the conversation tracker and recognition come in later issues). */
export const dialoguePlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  await ensureJwt(app, config.JWT_SECRET);
  await prepareCharacterIndex(platform.search);
  let consumer: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    // One group for both types, so a publish and a later unpublish are handled in the order they happened.
    consumer = await platform.events.consume('dialogue', ['character.published', 'character.unpublished'], (event) => (
      event.type === 'character.published' ? indexCharacter(platform.search, event) : unindexCharacter(platform.search, event)
    ));
  });
  app.addHook('onClose', async () => { await consumer?.close(); });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/dialogue/healthz', { schema: { tags: ['dialogue'], summary: 'dialogue service alive', response: { 200: ServiceAlive } } }, async () => ({ ok: true as const, service: 'dialogue' }));
  api.get('/api/dialogue/characters/search', { schema: { tags: ['dialogue'], summary: 'Search published characters (Japanese-aware)', querystring: CharacterSearchQuery } }, async (request) => {
    const { q, size } = request.query;
    return { ok: true as const, ...(await searchCharacters(platform.search, q, size)) };
  });
};
