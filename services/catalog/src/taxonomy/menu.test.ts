import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { makeCharacter } from '@talkwith/proto/dialogue';
import { defaultSetting } from '../model.ts';
import { catalogService } from '../index.ts';
import { postCategory, postGroup, storeCharacter, uniqueSlug } from './testing.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const menu = async () => (await svc.app.inject({ method: 'GET', url: '/api/catalog/menu' })).json();
const published = (at = new Date().toISOString()) => ({ published_at: at });

describe('catalog menu', () => {
  it('menu, the seeded demo character, is listed among the ungrouped with its price and playable', async () => {
    const body = await menu();

    const mirai = body.ungrouped.find((c: { name: string }) => c.name === 'ミライ');
    expect(mirai).toMatchObject({ price: 0, playable: true });
    expect(mirai.slug).toBeTruthy();
  });

  it('menu, categories and groups, come sorted with only published characters and no empty shelves', async () => {
    const second = await postCategory(svc, { name: '二', slug: uniqueSlug('two'), sort_order: -80 });
    const first = await postCategory(svc, { name: '一', slug: uniqueSlug('one'), sort_order: -90 });
    const empty = await postCategory(svc, { name: '空', slug: uniqueSlug('empty'), sort_order: -95 });
    const groupB = await postGroup(svc, first.id, { name: 'B', sort_order: 2 });
    const groupA = await postGroup(svc, first.id, { name: 'A', sort_order: 1 });
    const hidden = await postGroup(svc, second.id, { name: '非公開だけ' });
    await postGroup(svc, empty.id, { name: 'だれもいない' });
    const a = await storeCharacter(svc, { group_id: groupA.id, price: 1200, ...published() });
    const b = await storeCharacter(svc, { group_id: groupB.id, ...published() });
    const draft = await storeCharacter(svc, { group_id: hidden.id });

    const body = await menu();

    const ids = body.categories.map((c: { id: string }) => c.id);
    expect(ids).toContain(first.id);
    expect(ids).not.toContain(second.id);
    expect(ids).not.toContain(empty.id);
    const listed = body.categories.find((c: { id: string }) => c.id === first.id);
    expect(listed.groups.map((g: { id: string }) => g.id)).toEqual([groupA.id, groupB.id]);
    expect(listed.groups[0].characters).toEqual([
      {
        id: a._id,
        name: a.name,
        slug: a.slug,
        avatar_url: null,
        price: 1200,
        playable: false,
        published_at: a.published_at,
      },
    ]);
    expect(listed.groups[1].characters[0].id).toBe(b._id);
    expect(JSON.stringify(body)).not.toContain(draft._id);
  });

  it('menu, characters of a group that no longer exists, are listed as ungrouped', async () => {
    const lost = await storeCharacter(svc, { group_id: 'deleted-group', ...published() });

    const body = await menu();

    expect(body.ungrouped.map((c: { id: string }) => c.id)).toContain(lost._id);
  });

  it('menu, a character with a published conversation, is playable and never leaks the dialogue', async () => {
    const id = 'menu-playable';
    const dialogue = makeCharacter({ id, name: '話せる', slug: id, setting: defaultSetting(id) });
    await storeCharacter(svc, { _id: id, slug: id, dialogue, ...published() });

    const body = await menu();

    const found = body.ungrouped.find((c: { id: string }) => c.id === id);
    expect(found.playable).toBe(true);
    expect(found).not.toHaveProperty('dialogue');
  });
});

describe('catalog theme', () => {
  it('theme, a category by slug, answers its non-empty groups in order', async () => {
    const category = await postCategory(svc, { name: 'テーマ', slug: uniqueSlug('theme'), description: '説明' });
    const group = await postGroup(svc, category.id, { name: 'School Days' });
    await postGroup(svc, category.id, { name: '空' });
    const member = await storeCharacter(svc, { group_id: group.id, ...published() });

    const res = await svc.app.inject({ method: 'GET', url: `/api/catalog/theme/${category.slug}` });

    expect(res.statusCode).toBe(200);
    expect(res.json().category).toMatchObject({
      id: category.id,
      name: 'テーマ',
      description: '説明',
      groups: [{ id: group.id, slug: 'school-days', characters: [{ id: member._id }] }],
    });
  });

  it('theme, a category without published characters yet, answers it with no groups', async () => {
    const category = await postCategory(svc, { name: '準備中', slug: uniqueSlug('soon') });

    const res = await svc.app.inject({ method: 'GET', url: `/api/catalog/theme/${category.slug}` });

    expect(res.json().category).toMatchObject({ id: category.id, groups: [] });
  });

  it('theme, an unknown or overlong slug, answers 404 in Japanese and a 4xx', async () => {
    const unknown = await svc.app.inject({ method: 'GET', url: '/api/catalog/theme/no-such-theme' });
    const long = await svc.app.inject({ method: 'GET', url: `/api/catalog/theme/${'a'.repeat(101)}` });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('テーマ「no-such-theme」は見つかりません。');
    expect(long.statusCode).toBe(414); // Fastify's maxParamLength refuses it before routing
  });
});
