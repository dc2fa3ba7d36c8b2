import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  GroupCharacterParams,
  GroupCharactersReply,
  GroupIdParams,
  GroupListQuery,
  GroupListReply,
  GroupPatch,
  GroupReply,
  NewGroupBody,
  TaxonomyCharacterReply,
  TaxonomyIdParams,
} from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { audited } from '../audit.ts';
import { createGroup, deleteGroup, findGroupDoc, listGroups, updateGroup, viewGroup } from './groups.ts';
import {
  assignCharacter,
  getTaxonomyCharacter,
  groupCharacters,
  unassignCharacter,
  type Assignment,
} from './membership.ts';
import { groupOf } from './views.ts';

const tags = ['catalog', 'admin'];
const assignmentDetail = (a: Assignment) => ({
  group_id: a.group._id,
  character_id: a.character_id,
  previous_group_id: a.previous_group_id,
});

/** Groups: SPEC.md §7 `GET/POST groups` and the full area's `groups(/{id})`, `groups/{group_id}/characters(/{character_id})`. */
export const groupRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const store = platform.store;

  const listSchema = {
    tags,
    summary: 'Groups in menu order (of one category with ?category_id=)',
    querystring: GroupListQuery,
    response: { 200: GroupListReply },
  };
  const createSchema = {
    tags,
    summary: 'Add a group to an existing category',
    body: NewGroupBody,
    response: { 201: GroupReply },
  };
  for (const url of ['/api/admin/groups', '/api/admin/full/groups']) {
    api.get(url, { schema: listSchema }, async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, groups: await listGroups(store, request.query.category_id) };
    });
    api.post(url, { schema: createSchema }, async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const doc = await audited(
        platform,
        { adminId: caller.sub },
        'group.created',
        (tx) => createGroup(tx, platform.events, request.body),
        (g) => ({ group_id: g._id, category_id: g.category_id, name: g.name }),
      );
      return reply.code(201).send({ ok: true as const, group: await viewGroup(store, doc) });
    });
  }

  api.get(
    '/api/admin/full/groups/:id',
    { schema: { tags, summary: 'One group', params: TaxonomyIdParams, response: { 200: GroupReply } } },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, group: await viewGroup(store, await findGroupDoc(store, request.params.id)) };
    },
  );
  api.put(
    '/api/admin/full/groups/:id',
    {
      schema: {
        tags,
        summary: 'Change a group (name, description, sort order, category)',
        params: TaxonomyIdParams,
        body: GroupPatch,
        response: { 200: GroupReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await audited(
        platform,
        { adminId: caller.sub },
        'group.updated',
        (tx) => updateGroup(tx, platform.events, request.params.id, request.body),
        () => ({ group_id: request.params.id, changes: request.body }),
      );
      return { ok: true as const, group: await viewGroup(store, doc) };
    },
  );
  api.delete(
    '/api/admin/full/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group without characters (409 GROUP_NOT_EMPTY lists them)',
        params: TaxonomyIdParams,
        response: { 200: GroupReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const doc = await audited(
        platform,
        { adminId: caller.sub },
        'group.deleted',
        (tx) => deleteGroup(tx, platform.events, request.params.id),
        (g) => ({ group_id: g._id, name: g.name }),
      );
      return { ok: true as const, group: groupOf(doc, 0) };
    },
  );

  api.get(
    '/api/admin/full/groups/:group_id/characters',
    {
      schema: {
        tags,
        summary: 'The characters listed in a group',
        params: GroupIdParams,
        response: { 200: GroupCharactersReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { group, characters } = await groupCharacters(store, platform.files, request.params.group_id);
      return { ok: true as const, group: groupOf(group, characters.length), characters };
    },
  );
  api.put(
    '/api/admin/full/groups/:group_id/characters/:character_id',
    {
      schema: {
        tags,
        summary: 'List a character in the group (out of its previous one)',
        params: GroupCharacterParams,
        response: { 200: TaxonomyCharacterReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const { group_id, character_id } = request.params;
      await audited(
        platform,
        { adminId: caller.sub },
        'group.character_assigned',
        (tx) => assignCharacter(tx, platform.events, group_id, character_id),
        assignmentDetail,
      );
      return { ok: true as const, character: await getTaxonomyCharacter(store, platform.files, character_id) };
    },
  );
  api.delete(
    '/api/admin/full/groups/:group_id/characters/:character_id',
    {
      schema: {
        tags,
        summary: 'Take a character out of the group',
        params: GroupCharacterParams,
        response: { 200: TaxonomyCharacterReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const { group_id, character_id } = request.params;
      await audited(
        platform,
        { adminId: caller.sub },
        'group.character_unassigned',
        (tx) => unassignCharacter(tx, platform.events, group_id, character_id),
        assignmentDetail,
      );
      return { ok: true as const, character: await getTaxonomyCharacter(store, platform.files, character_id) };
    },
  );
};
