import { api } from '../../api/api.ts';
import type { PlayableCharacter } from '@talkwith/proto/catalog';

/** The catalog endpoint the player uses (injected with the player chunk); the menus have their own (features/catalog). */
export const playerApi = api.injectEndpoints({
  endpoints: (build) => ({
    characterBySlug: build.query<PlayableCharacter, string>({ query: (slug) => `characters/by-slug/${encodeURIComponent(slug)}` }),
  }),
});

export const { useCharacterBySlugQuery } = playerApi;
