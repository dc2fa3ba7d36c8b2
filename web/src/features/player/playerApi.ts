import { api } from '../../api/api.ts';
import type { PlayableCharacter } from '@talkwith/proto/catalog';

/** The catalog endpoint the player uses (injected with the player chunk); the menus have their own (features/catalog). */
export const playerApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Tagged so a redeemed serial drops the cached character: its unlocked block must be in the next one served.
    // The viewer is part of the cache key only: the character served depends on who asks (serial-locked blocks).
    characterBySlug: build.query<PlayableCharacter, { slug: string; viewer: string | null }>({
      query: ({ slug }) => `characters/by-slug/${encodeURIComponent(slug)}`,
      providesTags: ['PlayableCharacter'],
    }),
    // The whole character for one talk paid with a ticket (billing's use_token): read once, not kept.
    characterWithTicket: build.query<PlayableCharacter, { slug: string; ticketUseToken: string }>({
      query: ({ slug, ticketUseToken }) => ({
        url: `characters/by-slug/${encodeURIComponent(slug)}`,
        params: { ticket_use_token: ticketUseToken },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCharacterBySlugQuery } = playerApi;
