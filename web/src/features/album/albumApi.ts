import type { AlbumReply } from '@talkwith/proto/dialogue';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { api } from '../../api/index.ts';

/**
 * The album (/full/album/{slug}): the character as the caller is served it
 * (its conversations, start buttons, videos; serial-locked blocks left out)
 * and what the caller has found of it (GET /api/dialogue/album/:character_id).
 */
export const albumApi = api.enhanceEndpoints({ addTagTypes: ['Album'] }).injectEndpoints({
  endpoints: (build) => ({
    // Tagged like the player's: a redeemed serial changes which blocks the caller is served.
    // The viewer is part of the cache key only (what is served depends on who asks).
    albumCharacter: build.query<PlayableCharacter, { slug: string; viewer: string | null }>({
      query: ({ slug }) => `characters/by-slug/${encodeURIComponent(slug)}`,
      providesTags: ['PlayableCharacter'],
    }),
    album: build.query<AlbumReply, string>({
      query: (characterId) => `dialogue/album/${encodeURIComponent(characterId)}`,
      providesTags: ['Album'],
    }),
  }),
});

export const { useAlbumCharacterQuery, useAlbumQuery } = albumApi;
