import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { openCharacters } from '../characters.ts';
import { catalogService } from '../index.ts';
import {
  adminHeaders,
  auditLog,
  customerHeaders,
  postCategory,
  postGroup,
  storeCharacter,
  uniqueSlug,
} from './testing.ts';

let svc: ServiceUnderTest;
let audit: Awaited<ReturnType<typeof auditLog>>;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
  audit = await auditLog(svc);
});
afterAll(async () => {
  await audit?.close();
  await svc?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  svc.app.inject({
    method,
    url,
    headers: adminHeaders(svc),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const newCategory = () => postCategory(svc, { name: 'カテゴリー', slug: uniqueSlug('cat') });
const groupOf = async (id: string) =>
  openCharacters(svc.platform.store)
    .findOne({ _id: id })
    .then((c) => c?.group_id ?? null);

describe('groups', () => {
  it('groups, created in a category, are listed in sort order and filtered by category', async () => {
    const category = await newCategory();
    const other = await newCategory();
    const second = await postGroup(svc, category.id, { name: '二番', sort_order: 2 });
    const first = await postGroup(svc, category.id, { name: '一番', sort_order: 1 });
    await postGroup(svc, other.id, { name: 'よそ' });

    const res = await call('GET', `/api/admin/groups?category_id=${category.id}`);

    expect(res.json().groups.map((g: { id: string }) => g.id)).toEqual([first.id, second.id]);
  });

  it('groups, created without a sort order, go after the last one of their category', async () => {
    const category = await newCategory();
    await postGroup(svc, category.id, { sort_order: 7 });

    const res = await call('POST', '/api/admin/full/groups', { category_id: category.id, name: '最後' });

    expect(res.json().group.sort_order).toBe(8);
  });

  it('groups, pointing at a category that does not exist, answer 400 on category_id and store nothing', async () => {
    const before = (await call('GET', '/api/admin/groups')).json().groups.length;

    const res = await call('POST', '/api/admin/groups', { category_id: 'no-such-category', name: '迷子' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field: 'category_id' });
    expect((await call('GET', '/api/admin/groups')).json().groups.length).toBe(before);
  });

  it('groups, without a name or with a huge one, answer 400', async () => {
    const category = await newCategory();

    const missing = await call('POST', '/api/admin/groups', { category_id: category.id });
    const huge = await call('POST', '/api/admin/groups', { category_id: category.id, name: 'あ'.repeat(101) });

    expect([missing.statusCode, huge.statusCode]).toEqual([400, 400]);
    expect(missing.json().field).toBe('name');
  });

  it('groups, edited, change fields and may move to another category but not to a missing one', async () => {
    const category = await newCategory();
    const target = await newCategory();
    const group = await postGroup(svc, category.id);

    const moved = await call('PUT', `/api/admin/full/groups/${group.id}`, {
      name: '移動済み',
      category_id: target.id,
      sort_order: 3,
      description: 'd',
    });
    const dangling = await call('PUT', `/api/admin/full/groups/${group.id}`, { category_id: 'gone' });

    expect(moved.json().group).toMatchObject({
      name: '移動済み',
      category_id: target.id,
      sort_order: 3,
      description: 'd',
    });
    expect(dangling.statusCode).toBe(400);
    expect((await call('GET', `/api/admin/full/groups/${group.id}`)).json().group.category_id).toBe(target.id);
  });

  it('groups, unknown ids, answer 404 on get, edit, delete and the characters list', async () => {
    const statuses = await Promise.all([
      call('GET', '/api/admin/full/groups/nope'),
      call('PUT', '/api/admin/full/groups/nope', { name: 'x' }),
      call('DELETE', '/api/admin/full/groups/nope'),
      call('GET', '/api/admin/full/groups/nope/characters'),
    ]);

    expect(statuses.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
  });

  it('groups, assigning a character, sets its group_id (moving it out of the previous group) and is audited', async () => {
    const category = await newCategory();
    const from = await postGroup(svc, category.id, { name: 'もと' });
    const to = await postGroup(svc, category.id, { name: 'さき' });
    const character = await storeCharacter(svc, { group_id: from.id });

    const res = await call('PUT', `/api/admin/full/groups/${to.id}/characters/${character._id}`);

    expect(res.statusCode).toBe(200);
    expect(res.json().character).toMatchObject({
      id: character._id,
      group_id: to.id,
      group_name: 'さき',
      category_id: category.id,
      category_name: 'カテゴリー',
    });
    expect(await groupOf(character._id)).toBe(to.id);
    const listed = (await call('GET', `/api/admin/full/groups/${to.id}/characters`)).json();
    expect(listed.characters.map((c: { id: string }) => c.id)).toEqual([character._id]);
    expect(listed.group.character_count).toBe(1);
    const entry = await eventually(async () =>
      audit.entries.find(
        (e) =>
          e.action === 'group.character_assigned' &&
          (e.detail as { character_id: string }).character_id === character._id,
      ),
    );
    expect(entry.detail).toMatchObject({ group_id: to.id, previous_group_id: from.id });
  });

  it('groups, assigning an unknown character or to an unknown group, answers 404 and changes nothing', async () => {
    const category = await newCategory();
    const group = await postGroup(svc, category.id);
    const character = await storeCharacter(svc);

    const unknownCharacter = await call('PUT', `/api/admin/full/groups/${group.id}/characters/nobody`);
    const unknownGroup = await call('PUT', `/api/admin/full/groups/nowhere/characters/${character._id}`);

    expect([unknownCharacter.statusCode, unknownGroup.statusCode]).toEqual([404, 404]);
    expect(await groupOf(character._id)).toBeNull();
  });

  it('groups, unassigning, clears group_id; a character of another group answers 404 and keeps its group', async () => {
    const category = await newCategory();
    const group = await postGroup(svc, category.id);
    const other = await postGroup(svc, category.id);
    const member = await storeCharacter(svc, { group_id: group.id });
    const stranger = await storeCharacter(svc, { group_id: other.id });

    const res = await call('DELETE', `/api/admin/full/groups/${group.id}/characters/${member._id}`);
    const wrong = await call('DELETE', `/api/admin/full/groups/${group.id}/characters/${stranger._id}`);

    expect(res.json().character).toMatchObject({ group_id: null, group_name: null });
    expect(await groupOf(member._id)).toBeNull();
    expect(wrong.statusCode).toBe(404);
    expect(await groupOf(stranger._id)).toBe(other.id);
  });

  it('groups, deleted while characters remain, answer 409 listing them; deleted when empty, are gone', async () => {
    const category = await newCategory();
    const group = await postGroup(svc, category.id);
    const member = await storeCharacter(svc, { group_id: group.id, name: 'ユイ' });

    const refused = await call('DELETE', `/api/admin/full/groups/${group.id}`);
    await call('DELETE', `/api/admin/full/groups/${group.id}/characters/${member._id}`);
    const deleted = await call('DELETE', `/api/admin/full/groups/${group.id}`);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'GROUP_NOT_EMPTY', characters: [{ id: member._id, name: 'ユイ' }] });
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/full/groups/${group.id}`)).statusCode).toBe(404);
  });

  it("groups, the full characters list, names each character's group and category", async () => {
    const category = await newCategory();
    const group = await postGroup(svc, category.id, { name: '学園' });
    const member = await storeCharacter(svc, { group_id: group.id, price: 300 });
    const loose = await storeCharacter(svc, { group_id: 'deleted-group' });

    const list = (await call('GET', '/api/admin/full/characters')).json().characters as Array<Record<string, unknown>>;
    const one = await call('GET', `/api/admin/full/characters/${member._id}`);
    const unknown = await call('GET', '/api/admin/full/characters/nobody');

    expect(list.find((c) => c.id === member._id)).toMatchObject({
      group_name: '学園',
      category_name: 'カテゴリー',
      price: 300,
    });
    expect(list.find((c) => c.id === loose._id)).toMatchObject({
      group_id: 'deleted-group',
      group_name: null,
      category_name: null,
    });
    expect(one.json().character).toMatchObject({ id: member._id, group_id: group.id });
    expect(unknown.statusCode).toBe(404);
  });

  it('groups, called by a customer or without a token, answer 403 and 401 and change nothing', async () => {
    const category = await newCategory();
    const group = await postGroup(svc, category.id);
    const character = await storeCharacter(svc);
    const customer = customerHeaders(svc);

    const results = await Promise.all([
      svc.app.inject({
        method: 'PUT',
        url: `/api/admin/full/groups/${group.id}/characters/${character._id}`,
        headers: customer,
      }),
      svc.app.inject({ method: 'DELETE', url: `/api/admin/full/groups/${group.id}`, headers: customer }),
      svc.app.inject({ method: 'GET', url: '/api/admin/full/characters', headers: customer }),
      svc.app.inject({ method: 'GET', url: '/api/admin/groups' }),
      svc.app.inject({ method: 'PUT', url: `/api/admin/full/groups/${group.id}/characters/${character._id}` }),
    ]);

    expect(results.map((r) => r.statusCode)).toEqual([403, 403, 403, 401, 401]);
    expect(await groupOf(character._id)).toBeNull();
  });
});
