import type { CharacterDiffReply, CharacterVersionsReply } from '@talkwith/proto/catalog';
import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';

const characterPath = (id: string, rest: string) => `characters/${encodeURIComponent(id)}${rest}`;

/**
 * Published versions (services/catalog/API.md, "Versions"). The diff follows
 * the character's tag, so any draft edit that refreshes the character
 * refreshes it; a restore changes the draft every page shows.
 */
const withTags = api.enhanceEndpoints({
  addTagTypes: ['AdminVersions', 'AdminCharacter', 'AdminFaults', 'AdminBlockEditor', 'AdminCharacters'],
});

export const versionsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    adminCharacterVersions: build.query<CharacterVersionsReply, WithBase<{ id: string }>>({
      query: ({ base, id }) => adminUrl(base, characterPath(id, '/versions')),
      providesTags: (_r, _e, { id }) => [{ type: 'AdminVersions', id }],
    }),
    /** What the draft changes from `version` (absent: the live version). */
    adminCharacterDiff: build.query<CharacterDiffReply, WithBase<{ id: string; version?: number }>>({
      query: ({ base, id, version }) => ({
        url: adminUrl(base, characterPath(id, '/diff')),
        params: version ? { version } : {},
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'AdminCharacter', id }],
    }),
    adminRestoreVersion: build.mutation<CharacterDiffReply, WithBase<{ id: string; version: number }>>({
      query: ({ base, id, version }) => ({
        url: adminUrl(base, characterPath(id, `/versions/${version}/restore`)),
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { id }) => [
        'AdminCharacters',
        { type: 'AdminCharacter', id },
        { type: 'AdminFaults', id },
        { type: 'AdminBlockEditor', id },
        { type: 'AdminVersions', id },
      ],
    }),
  }),
});

export const { useAdminCharacterVersionsQuery, useAdminCharacterDiffQuery, useAdminRestoreVersionMutation } =
  versionsApi;
