import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CharacterSearchQuery } from '@talkwith/proto/dialogue';
import type { DialogueArea } from '../deps.ts';
import { indexCharacter, prepareCharacterIndex, searchCharacters, unindexCharacter } from './character-index.ts';

/** Published characters, searchable by name and description. */
export const charactersArea: DialogueArea = {
  name: 'characters',
  prepare: async ({ platform }) => { await prepareCharacterIndex(platform.search); },
  start: async ({ platform }) => [
    // One group for both types, so a publish and a later unpublish are handled in the order they happened.
    await platform.events.consume('dialogue', ['character.published', 'character.unpublished'], (event) => (
      event.type === 'character.published' ? indexCharacter(platform.search, event) : unindexCharacter(platform.search, event)
    )),
  ],
  routes: async (app, { platform }) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get('/api/dialogue/characters/search', { schema: { tags: ['dialogue'], summary: 'Search published characters (Japanese-aware)', querystring: CharacterSearchQuery } }, async (request) => {
      const { q, size } = request.query;
      return { ok: true as const, ...(await searchCharacters(platform.search, q, size)) };
    });
  },
};
