import { afterEach, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { catalogService, seedDemoTaxonomy } from './index.ts';
import { postCategory, uniqueSlug } from './taxonomy/testing.ts';

let svc: ServiceUnderTest | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

const get = async (url: string) => (await svc!.app.inject({ method: 'GET', url })).json();

interface Named {
  name: string;
  name_i18n?: Record<string, string>;
  groups: Array<{ name: string; name_i18n?: Record<string, string>; characters: Array<{ slug: string }> }>;
}

describe('demo taxonomy (npm start)', () => {
  it('when the store has no category, lists ミライ and ソラ in the demo category’s groups with names in every language', async () => {
    svc = await startServiceForTest(catalogService);

    const seeded = await seedDemoTaxonomy(svc.platform);

    expect(seeded).toBe(true);
    const menu = await get('/api/catalog/menu');
    const demo = (menu.categories as Named[]).find((c) => c.name === 'デモキャラクター')!;
    expect(demo.name_i18n).toEqual({ 'en-US': 'Demo characters', 'fil-PH': 'Mga demo character', 'zh-TW': '示範角色' });
    expect(demo.groups.map((g) => [g.name, g.name_i18n?.['en-US'], g.characters.map((c) => c.slug)])).toEqual([
      ['おしゃべり', 'Small talk', ['mirai']],
      ['占い', 'Fortune telling', ['sora']],
    ]);
    expect(menu.ungrouped.map((c: { slug: string }) => c.slug)).not.toContain('mirai');
    const theme = await get('/api/catalog/theme/demo');
    expect(theme.category.groups).toHaveLength(2);
  });

  it('when started again, seeds nothing more, and billing last heard of each demo group as sold', async () => {
    svc = await startServiceForTest(catalogService);
    await seedDemoTaxonomy(svc.platform);

    const again = await seedDemoTaxonomy(svc.platform);

    expect(again).toBe(false);
    expect((await get('/api/catalog/menu')).categories).toHaveLength(1);
    const saved = await svc.platform.store
      .collection<OutboxEntry>(OUTBOX)
      // In publish order (`seq`): `_id` is the event's random id.
      .find({ 'envelope.type': 'group.saved' }, { sort: { seq: 1 } });
    const last = new Map(saved.map((entry) => [entry.envelope.key, entry.envelope.data as { sold: boolean }]));
    expect([...last.values()].map((data) => data.sold)).toEqual([true, true]);
  });

  it('when an operator already made a category, leaves the demo characters where they are', async () => {
    svc = await startServiceForTest(catalogService);
    await postCategory(svc, { name: '自分のカテゴリ', slug: uniqueSlug('own') });

    const seeded = await seedDemoTaxonomy(svc.platform);

    expect(seeded).toBe(false);
    const menu = await get('/api/catalog/menu');
    expect(menu.categories).toEqual([]);
    expect(menu.ungrouped.map((c: { slug: string }) => c.slug)).toEqual(expect.arrayContaining(['mirai', 'sora']));
  });
});
