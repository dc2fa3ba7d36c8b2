import type {
  AddCharacterBody,
  AdminCharacterList,
  AdminCharacterReply,
  AdminCharacterSummaryReply,
  CharacterAllReply,
  FaultsReply,
  JsonUploadBody,
  JsonUploadReply,
  PublishReply,
  UpdateCharacterBody,
} from '@talkwith/proto/catalog';
import type { GroupListReply } from '@talkwith/proto/catalog';
import type { Static } from '@sinclair/typebox';
import { api } from '../../../api/index.ts';
import { adminUrl } from '../adminApi.ts';

type WithBase<T> = T & { base: string };

const characterPath = (id: string, rest = '') => `characters/${encodeURIComponent(id)}${rest}`;

/**
 * The character tags every admin page shares: a list, one character, and its validator faults; and the insight's
 * unmatched utterances, whose `resolved` is the published version's to say (publishing answers them).
 */
const withTags = api.enhanceEndpoints({
  addTagTypes: ['AdminCharacters', 'AdminCharacter', 'AdminFaults', 'AdminVersions', 'AdminInsight'],
});

export const charactersApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    adminCharacters: build.query<AdminCharacterList, WithBase<{ q: string; page: number }>>({
      query: ({ base, q, page }) => ({ url: adminUrl(base, 'characters'), params: { page, ...(q ? { q } : {}) } }),
      providesTags: ['AdminCharacters'],
    }),
    adminCharacter: build.query<AdminCharacterReply, WithBase<{ id: string }>>({
      query: ({ base, id }) => adminUrl(base, characterPath(id)),
      providesTags: (_result, _error, { id }) => [{ type: 'AdminCharacter', id }],
    }),
    adminAddCharacter: build.mutation<AdminCharacterReply, WithBase<{ body: AddCharacterBody }>>({
      query: ({ base, body }) => ({ url: adminUrl(base, 'characters'), method: 'POST', body }),
      invalidatesTags: ['AdminCharacters'],
    }),
    adminUpdateCharacter: build.mutation<AdminCharacterReply, WithBase<{ id: string; body: UpdateCharacterBody }>>({
      query: ({ base, id, body }) => ({ url: adminUrl(base, characterPath(id)), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        'AdminCharacters',
        { type: 'AdminCharacter', id },
        { type: 'AdminFaults', id },
      ],
    }),
    /** The whole draft (videos, blocks, lists; credentials masked): what the pickers choose from. */
    adminCharacterAll: build.query<Static<typeof CharacterAllReply>, WithBase<{ id: string }>>({
      query: ({ base, id }) => adminUrl(base, characterPath(id, '/all')),
      providesTags: (_result, _error, { id }) => [{ type: 'AdminCharacter', id }],
    }),
    /** Every group, for the character's group picker (GET /api/admin/groups). */
    adminGroupChoices: build.query<GroupListReply, WithBase<object>>({
      query: ({ base }) => adminUrl(base, 'groups'),
    }),
    adminCharacterFaults: build.query<FaultsReply, WithBase<{ id: string }>>({
      query: ({ base, id }) => adminUrl(base, characterPath(id, '/validate')),
      providesTags: (_result, _error, { id }) => [{ type: 'AdminFaults', id }],
    }),
    /** Publish (with the operator's note, kept with the version; `force`: even though a test fails; answers the tests' report) or unpublish. */
    adminPublishCharacter: build.mutation<
      AdminCharacterSummaryReply & Partial<Pick<PublishReply, 'tests'>>,
      WithBase<{ id: string; publish: boolean; note?: string; force?: boolean }>
    >({
      query: ({ base, id, publish, note, force }) => ({
        url: adminUrl(base, characterPath(id, publish ? '/publish' : '/unpublish')),
        method: 'POST',
        ...(publish ? { body: { note: note ?? '', ...(force ? { force: true } : {}) } } : {}),
      }),
      invalidatesTags: (_result, _error, { id }) => [
        'AdminCharacters',
        { type: 'AdminCharacter', id },
        { type: 'AdminFaults', id },
        { type: 'AdminVersions', id },
        { type: 'AdminInsight', id },
      ],
    }),
    /** The export as text (the server's own JSON, byte for byte), for the page to offer as a file. */
    adminExportCharacter: build.mutation<string, WithBase<{ id: string }>>({
      query: ({ base, id }) => ({ url: adminUrl(base, characterPath(id, '/export')), responseHandler: 'text' }),
    }),
    adminImportCharacter: build.mutation<JsonUploadReply, WithBase<{ body: JsonUploadBody }>>({
      query: ({ base, body }) => ({ url: adminUrl(base, 'characters/jsonUpload'), method: 'POST', body }),
      invalidatesTags: (_result, _error, { body }) =>
        body.dry_run
          ? []
          : [
              'AdminCharacters',
              { type: 'AdminCharacter', id: body.character_id },
              { type: 'AdminFaults', id: body.character_id },
            ],
    }),
  }),
});

export const {
  useAdminCharactersQuery,
  useAdminCharacterQuery,
  useAdminAddCharacterMutation,
  useAdminUpdateCharacterMutation,
  useAdminCharacterFaultsQuery,
  useAdminCharacterAllQuery,
  useAdminGroupChoicesQuery,
  useAdminPublishCharacterMutation,
  useAdminExportCharacterMutation,
  useAdminImportCharacterMutation,
} = charactersApi;
