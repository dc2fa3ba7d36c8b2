import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { catalogService } from '../index.ts';
import { openCategories } from '../model.ts';
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

describe('categories', () => {
  it('categories, created without a slug, get the §5 slug of the name and are audited', async () => {
    const name = `Love Stories ${uniqueSlug('x')}`;

    const res = await call('POST', '/api/admin/categories', { name, description: '恋のはなし' });

    expect(res.statusCode).toBe(201);
    const category = res.json().category;
    expect(category).toMatchObject({
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: '恋のはなし',
      group_count: 0,
    });
    const entry = await eventually(async () =>
      audit.entries.find(
        (e) => e.action === 'category.created' && (e.detail as { category_id: string }).category_id === category.id,
      ),
    );
    expect(entry.admin_id).toBe('admin-1');
  });

  it('categories, a Japanese-only name without a slug, answers 400 on the slug field', async () => {
    const res = await call('POST', '/api/admin/categories', { name: '恋愛' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'slug' });
  });

  it('categories, a slug already used, answers 409 and stores nothing', async () => {
    const slug = uniqueSlug('dup');
    await postCategory(svc, { name: '一つ目', slug });

    const res = await call('POST', '/api/admin/full/categories', { name: '二つ目', slug });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DUPLICATE_KEY', field: 'slug' });
    const list = (await call('GET', '/api/admin/categories')).json().categories as Array<{ slug: string }>;
    expect(list.filter((c) => c.slug === slug)).toHaveLength(1);
  });

  it('categories, a malformed or overlong slug or name, answers 400', async () => {
    const badSlug = await call('POST', '/api/admin/categories', { name: 'x', slug: 'Has Spaces!' });
    const longSlug = await call('POST', '/api/admin/categories', { name: 'x', slug: 'a'.repeat(101) });
    const longName = await call('POST', '/api/admin/categories', { name: 'x'.repeat(101), slug: uniqueSlug('ok') });

    expect([badSlug.statusCode, longSlug.statusCode, longName.statusCode]).toEqual([400, 400, 400]);
    expect(badSlug.json().field).toBe('slug');
  });

  it('categories, a body with an unknown field, stores only the known ones', async () => {
    const res = await call('POST', '/api/admin/categories', { name: 'x', slug: uniqueSlug('ok'), owner: 'me' });

    expect(res.statusCode).toBe(201);
    const stored = await openCategories(svc.platform.store).findOne({ _id: res.json().category.id });
    expect(stored).not.toHaveProperty('owner');
  });

  it('categories, listed, come in sort order with their group counts', async () => {
    const later = await postCategory(svc, { name: 'later', slug: uniqueSlug('later'), sort_order: -500 });
    const first = await postCategory(svc, { name: 'first', slug: uniqueSlug('first'), sort_order: -900 });
    await postGroup(svc, later.id);

    const list = (await call('GET', '/api/admin/full/categories')).json().categories as Array<{
      id: string;
      group_count: number;
    }>;

    const ids = list.map((c) => c.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(later.id));
    expect(list.find((c) => c.id === later.id)?.group_count).toBe(1);
  });

  it('categories, edited, change name, slug, description and sort order', async () => {
    const category = await postCategory(svc, { name: '旧名', slug: uniqueSlug('old') });
    const slug = uniqueSlug('new');

    const res = await call('PUT', `/api/admin/full/categories/${category.id}`, {
      name: '新名',
      slug,
      description: '説明',
      sort_order: 42,
    });

    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/full/categories/${category.id}`)).json().category).toMatchObject({
      name: '新名',
      slug,
      description: '説明',
      sort_order: 42,
    });
  });

  it("categories, edited to another category's slug, answers 409 and keeps the old one", async () => {
    const taken = await postCategory(svc, { name: 'a', slug: uniqueSlug('taken') });
    const category = await postCategory(svc, { name: 'b', slug: uniqueSlug('mine') });

    const res = await call('PUT', `/api/admin/full/categories/${category.id}`, {
      slug: taken.slug,
      name: '変わらない',
    });

    expect(res.statusCode).toBe(409);
    expect((await call('GET', `/api/admin/full/categories/${category.id}`)).json().category).toMatchObject({
      slug: category.slug,
      name: 'b',
    });
  });

  it('categories, edited with an empty body or unknown id, answers 400 and 404', async () => {
    const category = await postCategory(svc, { name: 'c', slug: uniqueSlug('c') });

    const empty = await call('PUT', `/api/admin/full/categories/${category.id}`, {});
    const unknown = await call('PUT', '/api/admin/full/categories/nope', { name: 'x' });
    const unknownGet = await call('GET', '/api/admin/full/categories/nope');

    expect([empty.statusCode, unknown.statusCode, unknownGet.statusCode]).toEqual([400, 404, 404]);
  });

  it('categories, deleted while groups remain, answers 409 listing them and keeps everything', async () => {
    const category = await postCategory(svc, { name: 'full', slug: uniqueSlug('full') });
    const group = await postGroup(svc, category.id, { name: '中のグループ' });

    const res = await call('DELETE', `/api/admin/full/categories/${category.id}`);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CATEGORY_NOT_EMPTY', groups: [{ id: group.id, name: '中のグループ' }] });
    expect((await call('GET', `/api/admin/full/categories/${category.id}`)).statusCode).toBe(200);
  });

  it('categories, deleted when empty, are gone and audited', async () => {
    const category = await postCategory(svc, { name: 'empty', slug: uniqueSlug('empty') });

    const res = await call('DELETE', `/api/admin/full/categories/${category.id}`);

    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/full/categories/${category.id}`)).statusCode).toBe(404);
    await eventually(async () =>
      audit.entries.find(
        (e) => e.action === 'category.deleted' && (e.detail as { category_id: string }).category_id === category.id,
      ),
    );
    expect((await call('DELETE', `/api/admin/full/categories/${category.id}`)).statusCode).toBe(404);
  });

  it('categories, pasted, copy the groups but not their characters under a new unique slug', async () => {
    const source = await postCategory(svc, { name: '季節', slug: uniqueSlug('season'), description: '四季' });
    const spring = await postGroup(svc, source.id, { name: '春', sort_order: 1 });
    await postGroup(svc, source.id, { name: '夏', sort_order: 2 });
    await storeCharacter(svc, { group_id: spring.id });

    const first = await call('POST', `/api/admin/categories/${source.id}/paste`);
    const second = await call('POST', `/api/admin/categories/${source.id}/paste`);

    expect(first.statusCode).toBe(201);
    const copy = first.json().category;
    expect(copy).toMatchObject({
      name: '季節のコピー',
      slug: `${source.slug}-copy`,
      description: '四季',
      group_count: 2,
    });
    expect(second.json().category.slug).toBe(`${source.slug}-copy-2`);
    const groups = (await call('GET', `/api/admin/full/categories/${copy.id}/groups`)).json().groups as Array<{
      name: string;
      character_count: number;
      id: string;
    }>;
    expect(groups.map((g) => [g.name, g.character_count])).toEqual([
      ['春', 0],
      ['夏', 0],
    ]);
    expect(groups.map((g) => g.id)).not.toContain(spring.id);
  });

  it('categories, pasting an unknown one, answers 404 and stores nothing', async () => {
    const before = (await call('GET', '/api/admin/categories')).json().categories.length;

    const res = await call('POST', '/api/admin/categories/nope/paste');

    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/api/admin/categories')).json().categories.length).toBe(before);
  });

  it('categories, groups added through the category path, belong to it; an unknown category answers 404', async () => {
    const category = await postCategory(svc, { name: 'g', slug: uniqueSlug('g') });

    const created = await call('POST', `/api/admin/full/categories/${category.id}/groups`, { name: '新グループ' });
    const unknown = await call('POST', '/api/admin/full/categories/nope/groups', { name: 'x' });
    const unknownList = await call('GET', '/api/admin/full/categories/nope/groups');

    expect(created.statusCode).toBe(201);
    expect(created.json().group).toMatchObject({ category_id: category.id, name: '新グループ', character_count: 0 });
    expect([unknown.statusCode, unknownList.statusCode]).toEqual([404, 404]);
  });

  it('categories, called by a customer or without a token, answer 403 and 401', async () => {
    const asCustomer = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: customerHeaders(svc),
      payload: { name: 'x', slug: uniqueSlug('x') },
    });
    const anonymous = await svc.app.inject({ method: 'GET', url: '/api/admin/full/categories' });
    const pasteAnonymous = await svc.app.inject({ method: 'POST', url: '/api/admin/categories/any/paste' });

    expect([asCustomer.statusCode, anonymous.statusCode, pasteAnonymous.statusCode]).toEqual([403, 401, 401]);
  });
});
