import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt } from '@talkwith/platform/http';
import { indexCharacter, prepareCharacterIndex, searchCharacters } from './character-index.ts';

const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 200 }),
  size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});

/** Dialogue: character search for now (the conversation tracker and recognition come in later issues). */
export const dialoguePlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  await ensureJwt(app, config.JWT_SECRET);
  await prepareCharacterIndex(platform.search);
  let consumer: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    consumer = await platform.events.consume('dialogue', ['character.published'], (event) => indexCharacter(platform.search, event));
  });
  app.addHook('onClose', async () => { await consumer?.close(); });

  app.get('/api/dialogue/healthz', { schema: { tags: ['dialogue'], summary: 'dialogue service alive' } }, async () => ({ ok: true as const, service: 'dialogue' }));
  app.get('/api/dialogue/characters/search', { schema: { tags: ['dialogue'], summary: 'Search published characters (Japanese-aware)', querystring: SearchQuery } }, async (request) => {
    const { q, size } = request.query as { q: string; size: number };
    return { ok: true as const, ...(await searchCharacters(platform.search, q, size)) };
  });
};
