import type {
  CategoryListReply,
  CategoryPastePreviewReply,
  CategoryPatch,
  CategoryReply,
  GroupCharactersReply,
  GroupListReply,
  GroupPatch,
  GroupReply,
  NewCategoryBody,
  NewCategoryGroupBody,
  TaxonomyCharacterListReply,
  TaxonomyCharacterReply,
} from '@talkwith/proto/catalog';
import { api } from '../../../api/index.ts';
import { adminUrl } from '../adminApi.ts';

type WithBase<T = object> = T & { base: string };
const id = (value: string) => encodeURIComponent(value);

/** Categories and groups of the admin console (services/catalog/API.md "Categories and groups"). */
export const taxonomyApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminCategories', 'AdminGroups', 'AdminGroupCharacters'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminCategories: build.query<CategoryListReply, WithBase>({
        query: ({ base }) => adminUrl(base, 'full/categories'),
        providesTags: ['AdminCategories'],
      }),
      adminCategory: build.query<CategoryReply, WithBase<{ id: string }>>({
        query: ({ base, id: categoryId }) => adminUrl(base, `full/categories/${id(categoryId)}`),
        providesTags: ['AdminCategories'],
      }),
      adminCreateCategory: build.mutation<CategoryReply, WithBase<{ body: NewCategoryBody }>>({
        query: ({ base, body }) => ({ url: adminUrl(base, 'full/categories'), method: 'POST', body }),
        invalidatesTags: ['AdminCategories'],
      }),
      adminUpdateCategory: build.mutation<CategoryReply, WithBase<{ id: string; body: CategoryPatch }>>({
        query: ({ base, id: categoryId, body }) => ({
          url: adminUrl(base, `full/categories/${id(categoryId)}`),
          method: 'PUT',
          body,
        }),
        invalidatesTags: ['AdminCategories'],
      }),
      adminDeleteCategory: build.mutation<CategoryReply, WithBase<{ id: string }>>({
        query: ({ base, id: categoryId }) => ({
          url: adminUrl(base, `full/categories/${id(categoryId)}`),
          method: 'DELETE',
        }),
        invalidatesTags: ['AdminCategories'],
      }),
      adminPasteCategory: build.mutation<CategoryReply, WithBase<{ id: string }>>({
        query: ({ base, id: categoryId }) => ({
          url: adminUrl(base, `categories/${id(categoryId)}/paste`),
          method: 'POST',
        }),
        invalidatesTags: ['AdminCategories', 'AdminGroups'],
      }),
      // A POST that writes nothing: the paste's plan, fetched afresh each time the dialog opens and after any paste.
      adminPastePreview: build.query<CategoryPastePreviewReply, WithBase<{ id: string }>>({
        query: ({ base, id: categoryId }) => ({
          url: adminUrl(base, `categories/${id(categoryId)}/paste/preview`),
          method: 'POST',
        }),
        providesTags: ['AdminCategories', 'AdminGroups', 'AdminGroupCharacters'],
      }),
      adminCategoryGroups: build.query<GroupListReply, WithBase<{ categoryId: string }>>({
        query: ({ base, categoryId }) => adminUrl(base, `full/categories/${id(categoryId)}/groups`),
        providesTags: ['AdminGroups'],
      }),
      adminCreateGroup: build.mutation<GroupReply, WithBase<{ categoryId: string; body: NewCategoryGroupBody }>>({
        query: ({ base, categoryId, body }) => ({
          url: adminUrl(base, `full/categories/${id(categoryId)}/groups`),
          method: 'POST',
          body,
        }),
        invalidatesTags: ['AdminGroups', 'AdminCategories'],
      }),
      adminUpdateGroup: build.mutation<GroupReply, WithBase<{ id: string; body: GroupPatch }>>({
        query: ({ base, id: groupId, body }) => ({
          url: adminUrl(base, `full/groups/${id(groupId)}`),
          method: 'PUT',
          body,
        }),
        invalidatesTags: ['AdminGroups', 'AdminCategories'],
      }),
      adminDeleteGroup: build.mutation<GroupReply, WithBase<{ id: string }>>({
        query: ({ base, id: groupId }) => ({ url: adminUrl(base, `full/groups/${id(groupId)}`), method: 'DELETE' }),
        invalidatesTags: ['AdminGroups', 'AdminCategories'],
      }),
      adminGroupCharacters: build.query<GroupCharactersReply, WithBase<{ groupId: string }>>({
        query: ({ base, groupId }) => adminUrl(base, `full/groups/${id(groupId)}/characters`),
        providesTags: ['AdminGroupCharacters'],
      }),
      adminTaxonomyCharacters: build.query<TaxonomyCharacterListReply, WithBase>({
        query: ({ base }) => adminUrl(base, 'full/characters'),
        providesTags: ['AdminGroupCharacters'],
      }),
      adminAssignCharacter: build.mutation<TaxonomyCharacterReply, WithBase<{ groupId: string; characterId: string }>>({
        query: ({ base, groupId, characterId }) => ({
          url: adminUrl(base, `full/groups/${id(groupId)}/characters/${id(characterId)}`),
          method: 'PUT',
        }),
        invalidatesTags: ['AdminGroupCharacters', 'AdminGroups'],
      }),
      adminUnassignCharacter: build.mutation<
        TaxonomyCharacterReply,
        WithBase<{ groupId: string; characterId: string }>
      >({
        query: ({ base, groupId, characterId }) => ({
          url: adminUrl(base, `full/groups/${id(groupId)}/characters/${id(characterId)}`),
          method: 'DELETE',
        }),
        invalidatesTags: ['AdminGroupCharacters', 'AdminGroups'],
      }),
    }),
  });

export const {
  useAdminCategoriesQuery,
  useAdminCategoryQuery,
  useAdminCreateCategoryMutation,
  useAdminUpdateCategoryMutation,
  useAdminDeleteCategoryMutation,
  useAdminPasteCategoryMutation,
  useAdminPastePreviewQuery,
  useAdminCategoryGroupsQuery,
  useAdminCreateGroupMutation,
  useAdminUpdateGroupMutation,
  useAdminDeleteGroupMutation,
  useAdminGroupCharactersQuery,
  useAdminTaxonomyCharactersQuery,
  useAdminAssignCharacterMutation,
  useAdminUnassignCharacterMutation,
} = taxonomyApi;
