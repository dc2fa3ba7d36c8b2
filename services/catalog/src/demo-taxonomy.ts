import type { DocumentStore, Eventing, Platform } from '@talkwith/platform';
import type { Translations } from '@talkwith/proto/identity';
import { openCharacters } from './characters.ts';
import { openCategories } from './model.ts';
import { createCategory } from './taxonomy/categories.ts';
import { createGroup } from './taxonomy/groups.ts';
import { assignCharacter } from './taxonomy/membership.ts';

/** A category's or group's texts as the console writes them: Japanese, with the other interface languages. */
interface Texts {
  name: string;
  name_i18n: Translations;
  description: string;
  description_i18n: Translations;
}

/** A demo group and the demo characters (by slug) it lists. */
interface DemoGroup extends Texts {
  slugs: readonly string[];
}

/** What `npm start` lists the demo characters under, so the menu and /theme show a category and its groups. */
export const DEMO_CATEGORY: Texts & { slug: string; groups: readonly DemoGroup[] } = {
  name: 'デモキャラクター',
  slug: 'demo',
  name_i18n: { 'en-US': 'Demo characters', 'fil-PH': 'Mga demo character', 'zh-TW': '示範角色' },
  description: 'TALK WITH を試せるキャラクターたち',
  description_i18n: {
    'en-US': 'Characters to try TALK WITH with',
    'fil-PH': 'Mga character para subukan ang TALK WITH',
    'zh-TW': '可以體驗 TALK WITH 的角色們',
  },
  groups: [
    {
      name: 'おしゃべり',
      name_i18n: { 'en-US': 'Small talk', 'fil-PH': 'Kuwentuhan', 'zh-TW': '閒聊' },
      description: '食べ物や旅行の話をしよう',
      description_i18n: {
        'en-US': 'Talk about food and travel',
        'fil-PH': 'Mag-usap tungkol sa pagkain at paglalakbay',
        'zh-TW': '聊聊食物和旅行',
      },
      slugs: ['mirai'],
    },
    {
      name: '占い',
      name_i18n: { 'en-US': 'Fortune telling', 'fil-PH': 'Panghuhula', 'zh-TW': '占卜' },
      description: '星占いで今日の運勢を',
      description_i18n: {
        'en-US': "Today's luck from the stars",
        'fil-PH': 'Ang swerte mo ngayon mula sa mga bituin',
        'zh-TW': '用星座看今日運勢',
      },
      slugs: ['sora'],
    },
  ],
};

const demoSlugs = () => DEMO_CATEGORY.groups.flatMap((group) => group.slugs);

/**
 * Whether to seed: only a store whose operator has set up no category at all,
 * and whose demo characters are in no group (an operator who moved them, or
 * deleted the demo category after adding their own, is never overridden).
 */
async function untouched(store: DocumentStore): Promise<boolean> {
  if (await openCategories(store).findOne({}, { projection: { _id: 1 } })) return false;
  const grouped = await openCharacters(store).findOne(
    { slug: { $in: demoSlugs() }, group_id: { $ne: null } },
    { projection: { _id: 1 } },
  );
  return grouped === null;
}

/**
 * `npm start`'s demo taxonomy: the demo category with one group per demo
 * character, named in every interface language, the characters listed in
 * them (billing hears of each group in the same transaction). Runs after the
 * catalog seeded the characters; does nothing on a store that has a category.
 * Returns whether it seeded.
 */
export async function seedDemoTaxonomy(platform: Pick<Platform, 'store' | 'events'>): Promise<boolean> {
  const { store, events } = platform;
  if (!(await untouched(store))) return false;
  const characters = await openCharacters(store).find(
    { slug: { $in: demoSlugs() } },
    { projection: { _id: 1, slug: 1 } },
  );
  try {
    await seedIn(store, events, new Map(characters.map((c) => [c.slug, c._id])));
  } catch (err) {
    // Another replica seeded it between our read and our write (the category slug is unique).
    if ((err as { code?: string }).code === 'DUPLICATE_KEY') return false;
    throw err;
  }
  return true;
}

async function seedIn(store: DocumentStore, events: Eventing, idOf: ReadonlyMap<string | undefined, string>) {
  await store.withTransaction(async (tx) => {
    const { groups, ...texts } = DEMO_CATEGORY;
    const category = await createCategory(tx, texts);
    for (const [order, { slugs, ...group }] of groups.entries()) {
      const created = await createGroup(tx, events, { ...group, category_id: category._id, sort_order: order });
      for (const slug of slugs) {
        const id = idOf.get(slug);
        if (id) await assignCharacter(tx, events, created._id, id);
      }
    }
  });
}
