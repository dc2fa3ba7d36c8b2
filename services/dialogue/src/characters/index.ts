import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CharacterSearchQuery } from '@talkwith/proto/dialogue';
import type { DialogueArea } from '../deps.ts';
import { indexCharacter, prepareCharacterIndex, searchCharacters, unindexCharacter } from './character-index.ts';

/** Published characters, searchable by name and description. */
export const charactersArea: DialogueArea = {
  name: 'characters',
  prepare: async ({ platform }) => {
    await prepareCharacterIndex(platform.search);
  },
  start: async ({ platform }) => {
    // One group for both types, so a publish and a later unpublish are handled in the order they happened.
    const consumer = await platform.events.consume(
      'dialogue',
      ['character.published', 'character.unpublished'],
      (event) =>
        event.type === 'character.published'
          ? indexCharacter(platform.search, event)
          : unindexCharacter(platform.search, event),
    );
    // After subscribing, so the answer reaches the group: catalog announces its facts again (catalog's facts-announce.ts),
    // which rebuilds this index and recognition's characters when empty or behind, whatever the bus still retains.
    await platform.events.publish('facts.requested', 'catalog', { owner: 'catalog', by: 'dialogue' });
    return [consumer];
  },
  routes: async (app, { platform }) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/dialogue/characters/search',
      {
        schema: {
          tags: ['dialogue'],
          summary: 'Search published characters (Japanese-aware)',
          querystring: CharacterSearchQuery,
        },
      },
      async (request) => {
        const { q, size } = request.query;
        return { ok: true as const, ...(await searchCharacters(platform.search, q, size)) };
      },
    );
  },
};
