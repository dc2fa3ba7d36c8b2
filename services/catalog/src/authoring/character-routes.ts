import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AddCharacterBody, AdminCharacterList, AdminCharacterListQuery, AdminCharacterParams, AdminCharacterReply, AdminCharacterSummaryReply, AdminPageQuery,
  CharacterAllReply, CharacterExport, FaultsReply, UpdateCharacterBody,
} from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { audited } from './audit.ts';
import { addCharacter, listCharacters, requireCharacter, updateCharacter } from './character-admin.ts';
import { exportOf } from './import-export.ts';
import { checkedDraft, publishCharacter, unpublishCharacter } from './publishing.ts';
import { adminCharacterOf, listItemOf, maskedSetting } from './views.ts';
import { openBlocks, openVideos } from '../model.ts';

const tags = ['catalog', 'admin'];

/** Characters and their settings: list, get, add, update, the whole draft, export, validation, publishing. */
export const characterRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const { store, files } = platform;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const counted = async (c: Awaited<ReturnType<typeof requireCharacter>>) => listItemOf(c, files, {
    blocks: await openBlocks(store).countDocuments({ character_id: c._id }), videos: await openVideos(store).countDocuments({ character_id: c._id }),
  });

  api.get('/api/admin/characters', {
    schema: { tags, summary: 'Characters, 20 a page, optionally by part of the name', querystring: AdminCharacterListQuery, response: { 200: AdminCharacterList } },
  }, async (request) => {
    await requireAdminCaller(request);
    return listCharacters(store, files, request.query);
  });
  api.get('/api/admin/characters/pg/', {
    schema: { tags, summary: 'Characters, 20 a page (the paged list of SPEC §7)', querystring: AdminPageQuery, response: { 200: AdminCharacterList } },
  }, async (request) => {
    await requireAdminCaller(request);
    return listCharacters(store, files, request.query);
  });
  api.get('/api/admin/characters/:id', {
    schema: { tags, summary: 'One character with its setting (credentials masked) and draft lists', params: AdminCharacterParams, response: { 200: AdminCharacterReply } },
  }, async (request) => {
    await requireAdminCaller(request);
    return { ok: true as const, character: adminCharacterOf(await requireCharacter(store, request.params.id), files) };
  });
  api.post('/api/admin/characters', {
    schema: { tags, summary: 'Add a character (unpublished, default setting, empty draft)', body: AddCharacterBody, response: { 201: AdminCharacterReply } },
  }, async (request, reply) => {
    const caller = await requireAdminCaller(request);
    const created = await audited(platform, { adminId: caller.sub }, 'character.created', (tx) => addCharacter(tx, request.body), (c) => ({ character_id: c._id, name: c.name, slug: c.slug }));
    return reply.code(201).send({ ok: true as const, character: adminCharacterOf(created, files) });
  });
  api.put('/api/admin/characters/:id', {
    schema: { tags, summary: 'Update a character: fields, setting (partial; credentials kept unless changed), draft lists', params: AdminCharacterParams, body: UpdateCharacterBody, response: { 200: AdminCharacterReply } },
  }, async (request) => {
    const caller = await requireAdminCaller(request);
    const { setting, draft, ...fields } = request.body;
    const updated = await audited(platform, { adminId: caller.sub }, 'character.updated', (tx) => updateCharacter(tx, request.params.id, request.body), (c) => ({
      character_id: c._id, fields: Object.keys(fields), setting: Object.keys(setting ?? {}), draft: Object.keys(draft ?? {}),
    }));
    return { ok: true as const, character: adminCharacterOf(updated, files) };
  });
  api.get('/api/admin/characters/:id/all', {
    schema: { tags, summary: 'The whole draft as a dialogue Character (credentials masked) with the validator\'s faults', params: AdminCharacterParams, response: { 200: CharacterAllReply } },
  }, async (request) => {
    await requireAdminCaller(request);
    const { draft, faults } = await checkedDraft(store, request.params.id);
    return { ok: true as const, character: { ...draft, setting: maskedSetting(draft.setting) }, faults };
  });
  api.get('/api/admin/characters/:id/export', {
    schema: { tags, summary: 'The draft as a JSON file to download (credentials left out)', params: AdminCharacterParams, response: { 200: CharacterExport } },
  }, async (request, reply) => {
    await requireAdminCaller(request);
    const exported = await exportOf(store, request.params.id);
    return reply.header('content-disposition', `attachment; filename="character-${encodeURIComponent(exported.slug)}.json"`).send(exported);
  });
  api.get('/api/admin/characters/:id/validate', {
    schema: { tags, summary: 'The validator\'s faults of the draft (Japanese messages, block or video concerned)', params: AdminCharacterParams, response: { 200: FaultsReply } },
  }, async (request) => {
    await requireAdminCaller(request);
    return { ok: true as const, faults: (await checkedDraft(store, request.params.id)).faults };
  });
  api.post('/api/admin/characters/:id/publish', {
    schema: { tags, summary: 'Publish the draft (refused with its faults unless it has none)', params: AdminCharacterParams, response: { 200: AdminCharacterSummaryReply } },
  }, async (request) => {
    const caller = await requireAdminCaller(request);
    return { ok: true as const, character: await counted(await publishCharacter(platform, { adminId: caller.sub }, request.params.id)) };
  });
  api.post('/api/admin/characters/:id/unpublish', {
    schema: { tags, summary: 'Take a character out of the catalogue', params: AdminCharacterParams, response: { 200: AdminCharacterSummaryReply } },
  }, async (request) => {
    const caller = await requireAdminCaller(request);
    return { ok: true as const, character: await counted(await unpublishCharacter(platform, { adminId: caller.sub }, request.params.id)) };
  });
};
