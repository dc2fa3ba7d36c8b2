import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { catalogService } from '../index.ts';
import { openCategories, openGroups } from '../model.ts';
import { adminHeaders, customerHeaders, postCategory, postGroup, storeCharacter, uniqueSlug } from './testing.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const preview = (id: string, headers: Record<string, string> = adminHeaders(svc)) =>
  svc.app.inject({ method: 'POST', url: `/api/admin/categories/${id}/paste/preview`, headers });
const paste = (id: string) =>
  svc.app.inject({ method: 'POST', url: `/api/admin/categories/${id}/paste`, headers: adminHeaders(svc) });

/** 季節 with 春 (two characters, one named in English) and 夏 (none), the groups out of creation order. */
async function season() {
  const source = await postCategory(svc, {
    name: '季節',
    slug: uniqueSlug('season'),
    description: '四季',
    name_i18n: { 'en-US': 'Seasons' },
  });
  const summer = await postGroup(svc, source.id, { name: '夏', sort_order: 2 });
  const spring = await postGroup(svc, source.id, { name: '春', sort_order: 1, description: '桜' });
  const yui = await storeCharacter(svc, { name: 'ユイ', group_id: spring.id });
  const ren = await storeCharacter(svc, { name: 'レン', group_id: spring.id });
  return { source, spring, summer, yui, ren };
}

describe('categories: paste preview', () => {
  it('paste preview, a category with groups and characters, names the new category, its groups and the characters that stay, and writes nothing', async () => {
    const { source, spring, summer, yui, ren } = await season();
    const [categoriesBefore, groupsBefore] = await Promise.all([
      openCategories(svc.platform.store).countDocuments({}),
      openGroups(svc.platform.store).countDocuments({}),
    ]);

    const res = await preview(source.id);

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.source).toEqual({ id: source.id, name: '季節', slug: source.slug });
    expect(body.category).toEqual({
      name: '季節のコピー',
      slug: `${source.slug}-copy`,
      description: '四季',
      name_i18n: { 'en-US': 'Seasons' },
      sort_order: expect.any(Number),
    });
    expect(body.category.sort_order).toBeGreaterThan(source.sort_order);
    expect(body.groups).toEqual([
      {
        source_group_id: spring.id,
        name: '春',
        description: '桜',
        sort_order: 1,
        characters: [
          { id: yui._id, name: 'ユイ' },
          { id: ren._id, name: 'レン' },
        ],
      },
      { source_group_id: summer.id, name: '夏', description: '', sort_order: 2, characters: [] },
    ]);
    expect(await openCategories(svc.platform.store).countDocuments({})).toBe(categoriesBefore);
    expect(await openGroups(svc.platform.store).countDocuments({})).toBe(groupsBefore);
    expect(await openCategories(svc.platform.store).findOne({ slug: `${source.slug}-copy` })).toBeNull();
  });

  it('paste preview then paste, the paste creates exactly the category and groups the preview named', async () => {
    const { source, spring } = await season();
    const planned = (await preview(source.id)).json();

    const pasted = await paste(source.id);

    expect(pasted.statusCode, pasted.body).toBe(201);
    const copy = pasted.json().category;
    expect(copy).toMatchObject(planned.category);
    const groups = (
      await svc.app.inject({
        method: 'GET',
        url: `/api/admin/full/categories/${copy.id}/groups`,
        headers: adminHeaders(svc),
      })
    ).json().groups as Array<{
      id: string;
      name: string;
      description: string;
      sort_order: number;
      character_count: number;
    }>;
    expect(groups.map((g) => [g.name, g.description, g.sort_order, g.character_count])).toEqual(
      planned.groups.map((g: { name: string; description: string; sort_order: number }) => [
        g.name,
        g.description,
        g.sort_order,
        0,
      ]),
    );
    expect(groups.map((g) => g.id)).not.toContain(spring.id);
    expect((await preview(source.id)).json().category.slug).toBe(`${source.slug}-copy-2`);
  });

  it('paste preview, an unknown category, answers 404 as the paste does', async () => {
    const res = await preview('nope');

    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe((await paste('nope')).json().code);
  });

  it('paste preview, called by a customer or without a token, answers 403 and 401', async () => {
    const { source } = await season();

    const asCustomer = await preview(source.id, customerHeaders(svc));
    const anonymous = await svc.app.inject({ method: 'POST', url: `/api/admin/categories/${source.id}/paste/preview` });

    expect([asCustomer.statusCode, anonymous.statusCode]).toEqual([403, 401]);
  });
});
