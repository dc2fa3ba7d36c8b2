import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  CategoryListReply,
  CategoryPastePreviewReply,
  CategoryPatch,
  CategoryReply,
  GroupListReply,
  GroupReply,
  NewCategoryBody,
  NewCategoryGroupBody,
  PasteCategoryParams,
  TaxonomyIdParams,
} from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { audited } from '../audit.ts';
import {
  createCategory,
  deleteCategory,
  findCategoryDoc,
  listCategories,
  updateCategory,
  viewCategory,
} from './categories.ts';
import { pasteCategory, pastePreviewOf, planPaste } from './category-paste.ts';
import { createGroup, listGroups, viewGroup } from './groups.ts';
import { categoryOf } from './views.ts';

const tags = ['catalog', 'admin'];

/**
 * Categories: SPEC.md §7 `GET/POST categories`, `paste/{category_id}` (and its
 * dry run `…/paste/preview`), and the full area's `categories(/{id})(/groups)`.
 */
export const categoryRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const store = platform.store;

  const list = async (request: Parameters<typeof requireAdminCaller>[0]) => {
    await requireAdminCaller(request);
    return { ok: true as const, categories: await listCategories(store) };
  };
  const listSchema = { tags, summary: 'Every category in menu order', response: { 200: CategoryListReply } };
  api.get('/api/admin/categories', { schema: listSchema }, list);
  api.get('/api/admin/full/categories', { schema: listSchema }, list);

  const create = {
    tags,
    summary: 'Add a category (slug unique, from the name when absent)',
    body: NewCategoryBody,
    response: { 201: CategoryReply },
  };
  for (const url of ['/api/admin/categories', '/api/admin/full/categories']) {
    api.post(url, { schema: create }, async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const doc = await audited(
        platform,
        { adminId: caller.sub },
        'category.created',
        (tx) => createCategory(tx, request.body),
        (c) => ({ category_id: c._id, name: c.name, slug: c.slug }),
      );
      return reply.code(201).send({ ok: true as const, category: await viewCategory(store, doc) });
    });
  }

  api.post(
    '/api/admin/categories/:category_id/paste',
    {
      schema: {
        tags,
        summary: 'Paste (duplicate) a category with its groups, not their characters',
        params: PasteCategoryParams,
        response: { 201: CategoryReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const copy = await audited(
        platform,
        { adminId: caller.sub },
        'category.pasted',
        (tx) => pasteCategory(tx, platform.events, request.params.category_id),
        (r) => ({
          source_category_id: request.params.category_id,
          category_id: r.category._id,
          slug: r.category.slug,
          group_ids: r.groups.map((g) => g._id),
        }),
      );
      return reply.code(201).send({ ok: true as const, category: await viewCategory(store, copy.category) });
    },
  );

  api.post(
    '/api/admin/categories/:category_id/paste/preview',
    {
      schema: {
        tags,
        summary: "Dry run of paste: the new category's name and slug, its groups, and the characters that stay behind",
        params: PasteCategoryParams,
        response: { 200: CategoryPastePreviewReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      // One read transaction: the free slug, the order and the groups are seen as of one moment, as the paste sees them.
      const plan = await store.withTransaction((tx) => planPaste(tx, request.params.category_id));
      return { ok: true as const, ...pastePreviewOf(plan) };
    },
  );

  api.get(
    '/api/admin/full/categories/:id',
    { schema: { tags, summary: 'One category', params: TaxonomyIdParams, response: { 200: CategoryReply } } },
    async (request) => {
      await requireAdminCaller(request);
      return {
        ok: true as const,
        category: await viewCategory(store, await findCategoryDoc(store, request.params.id)),
      };
    },
  );
  api.put(
    '/api/admin/full/categories/:id',
    {
      schema: {
        tags,
        summary: 'Change a category (name, slug, description, sort order)',
        params: TaxonomyIdParams,
        body: CategoryPatch,
        response: { 200: CategoryReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await audited(
        platform,
        { adminId: caller.sub },
        'category.updated',
        (tx) => updateCategory(tx, request.params.id, request.body),
        () => ({ category_id: request.params.id, changes: request.body }),
      );
      return { ok: true as const, category: await viewCategory(store, doc) };
    },
  );
  api.delete(
    '/api/admin/full/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete an empty category (409 CATEGORY_NOT_EMPTY lists its groups)',
        params: TaxonomyIdParams,
        response: { 200: CategoryReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await audited(
        platform,
        { adminId: caller.sub },
        'category.deleted',
        (tx) => deleteCategory(tx, request.params.id),
        (c) => ({ category_id: c._id, name: c.name, slug: c.slug }),
      );
      return { ok: true as const, category: categoryOf(doc, 0) };
    },
  );

  api.get(
    '/api/admin/full/categories/:id/groups',
    {
      schema: {
        tags,
        summary: 'The groups of a category in menu order',
        params: TaxonomyIdParams,
        response: { 200: GroupListReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      await findCategoryDoc(store, request.params.id);
      return { ok: true as const, groups: await listGroups(store, request.params.id) };
    },
  );
  api.post(
    '/api/admin/full/categories/:id/groups',
    {
      schema: {
        tags,
        summary: 'Add a group to the category',
        params: TaxonomyIdParams,
        body: NewCategoryGroupBody,
        response: { 201: GroupReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const input = { ...request.body, category_id: request.params.id };
      const doc = await audited(
        platform,
        { adminId: caller.sub },
        'group.created',
        async (tx) => {
          await findCategoryDoc(tx, input.category_id); // an unknown category in the path is 404, not a dangling reference
          return createGroup(tx, platform.events, input);
        },
        (g) => ({ group_id: g._id, category_id: g.category_id, name: g.name }),
      );
      return reply.code(201).send({ ok: true as const, group: await viewGroup(store, doc) });
    },
  );
};
