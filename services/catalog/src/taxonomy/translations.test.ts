import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { catalogService } from '../index.ts';
import { adminHeaders, postCategory, postGroup, storeCharacter, uniqueSlug } from './testing.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const admin = (method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) =>
  svc.app.inject({ method, url, headers: adminHeaders(svc), payload });

describe('category and group translations', () => {
  it('when a category and its group are saved with translations, the public menu and theme carry them trimmed, an empty language left out', async () => {
    const slug = uniqueSlug('seasons');
    const category = await postCategory(svc, {
      name: '季節',
      slug,
      description: '四季',
      name_i18n: { 'en-US': ' Seasons ', 'fil-PH': '', 'zh-TW': '季節' },
      description_i18n: { 'en-US': 'The four seasons' },
    });
    const group = await postGroup(svc, category.id, { name: '春', name_i18n: { 'en-US': 'Spring' } });
    await storeCharacter(svc, { group_id: group.id, published_at: new Date().toISOString() });

    const theme = (await svc.app.inject({ method: 'GET', url: `/api/catalog/theme/${slug}` })).json().category;
    const menu = (await svc.app.inject({ method: 'GET', url: '/api/catalog/menu' })).json();

    expect(theme).toMatchObject({
      name: '季節',
      name_i18n: { 'en-US': 'Seasons', 'zh-TW': '季節' },
      description_i18n: { 'en-US': 'The four seasons' },
    });
    expect(theme.name_i18n).not.toHaveProperty('fil-PH');
    expect(theme.groups[0]).toMatchObject({ name: '春', name_i18n: { 'en-US': 'Spring' } });
    const listed = menu.categories.find((c: { id: string }) => c.id === category.id);
    expect(listed.groups[0].name_i18n).toEqual({ 'en-US': 'Spring' });
  });

  it('when an operator changes a group and a category, the admin views return the new translations', async () => {
    const category = await postCategory(svc, { name: '街', slug: uniqueSlug('town') });
    const group = await postGroup(svc, category.id, { name: '駅前' });

    const changedGroup = await admin('PUT', `/api/admin/full/groups/${group.id}`, {
      name_i18n: { 'zh-TW': '車站前' },
      description_i18n: { 'en-US': 'By the station' },
    });
    const changedCategory = await admin('PUT', `/api/admin/full/categories/${category.id}`, {
      name_i18n: { 'en-US': 'Town' },
    });

    expect(changedGroup.statusCode).toBe(200);
    expect(changedGroup.json().group).toMatchObject({
      name_i18n: { 'zh-TW': '車站前' },
      description_i18n: { 'en-US': 'By the station' },
    });
    expect(changedCategory.json().category.name_i18n).toEqual({ 'en-US': 'Town' });
  });

  it('when a translation names a language the interface does not have, answers 400', async () => {
    const res = await admin('POST', '/api/admin/categories', {
      name: 'Other',
      slug: uniqueSlug('other'),
      name_i18n: { 'ko-KR': '기타' },
    });

    expect(res.statusCode).toBe(400);
  });

  it('when a category is pasted, the copy and its groups keep the translations', async () => {
    const category = await postCategory(svc, {
      name: '海',
      slug: uniqueSlug('sea'),
      name_i18n: { 'en-US': 'Sea' },
    });
    await postGroup(svc, category.id, { name: '浜', name_i18n: { 'en-US': 'Beach' } });

    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/categories/${category.id}/paste`,
      headers: adminHeaders(svc),
    });

    expect(res.statusCode).toBe(201);
    const copy = res.json().category;
    expect(copy.name_i18n).toEqual({ 'en-US': 'Sea' });
    const groups = await svc.app.inject({
      method: 'GET',
      url: `/api/admin/full/categories/${copy.id}/groups`,
      headers: adminHeaders(svc),
    });
    expect(groups.json().groups[0].name_i18n).toEqual({ 'en-US': 'Beach' });
  });
});
