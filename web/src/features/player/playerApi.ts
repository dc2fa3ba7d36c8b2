import { api } from '../../api/api.ts';
import type { CharacterList, PlayableCharacter } from '@talkwith/proto/catalog';

/** Catalog endpoints the player and the character list use (injected with the player chunk). */
export const playerApi = api.injectEndpoints({
  endpoints: (build) => ({
    characters: build.query<CharacterList, void>({ query: () => 'characters' }),
    characterBySlug: build.query<PlayableCharacter, string>({ query: (slug) => `characters/by-slug/${encodeURIComponent(slug)}` }),
  }),
});

export const { useCharactersQuery, useCharacterBySlugQuery } = playerApi;
