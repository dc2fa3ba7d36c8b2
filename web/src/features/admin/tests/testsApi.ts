import type {
  CharacterTestReply,
  CharacterTestsReply,
  NewTestBody,
  RunTestsReply,
  TestPatchBody,
} from '@talkwith/proto/catalog';
import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';

const testsPath = (id: string, rest = '') => `characters/${encodeURIComponent(id)}/tests${rest}`;

/** Tests of a character (services/catalog/API.md, "Tests"): kept with the draft, run against it. */
const withTags = api.enhanceEndpoints({ addTagTypes: ['AdminTests'] });

export const testsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    adminCharacterTests: build.query<CharacterTestsReply, WithBase<{ id: string }>>({
      query: ({ base, id }) => adminUrl(base, testsPath(id)),
      providesTags: (_r, _e, { id }) => [{ type: 'AdminTests', id }],
    }),
    adminAddTest: build.mutation<CharacterTestReply, WithBase<{ id: string; body: NewTestBody }>>({
      query: ({ base, id, body }) => ({ url: adminUrl(base, testsPath(id)), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminTests', id }],
    }),
    adminUpdateTest: build.mutation<CharacterTestReply, WithBase<{ id: string; testId: string; body: TestPatchBody }>>({
      query: ({ base, id, testId, body }) => ({
        url: adminUrl(base, testsPath(id, `/${encodeURIComponent(testId)}`)),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminTests', id }],
    }),
    adminDeleteTest: build.mutation<unknown, WithBase<{ id: string; testId: string }>>({
      query: ({ base, id, testId }) => ({
        url: adminUrl(base, testsPath(id, `/${encodeURIComponent(testId)}`)),
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminTests', id }],
    }),
    /** Plays every test (or one) against the draft: a mutation, since each run reads the draft afresh. */
    adminRunTests: build.mutation<RunTestsReply, WithBase<{ id: string; testId?: string }>>({
      query: ({ base, id, testId }) => ({
        url: adminUrl(base, testsPath(id, '/run')),
        method: 'POST',
        body: testId ? { test_id: testId } : {},
      }),
    }),
  }),
});

export const {
  useAdminCharacterTestsQuery,
  useAdminAddTestMutation,
  useAdminUpdateTestMutation,
  useAdminDeleteTestMutation,
  useAdminRunTestsMutation,
} = testsApi;
