import { randomUUID } from 'node:crypto';
import type { DocumentStore, Eventing, Transaction } from '@talkwith/platform';
import { SLUG_MAX, type CategoryPastePreviewReply } from '@talkwith/proto/catalog';
import { openCharacters } from '../characters.ts';
import { openCategories, openGroups, type CategoryDoc, type GroupDoc } from '../model.ts';
import { CATEGORY_ORDER, findCategoryDoc, nextSortOrder } from './categories.ts';
import { announceGroups } from './group-facts.ts';
import { translatedTextsOf } from './views.ts';
import { taxonomyErrors } from '../errors.ts';

type StoreOrTx = DocumentStore | Transaction;

const NAME_MAX = 100;
const COPY_SUFFIX = 'のコピー';

/** The fields a pasted group is written with (ids, times and the category are given when it is written). */
type PlannedGroup = Pick<GroupDoc, 'name' | 'description' | 'name_i18n' | 'description_i18n' | 'sort_order'>;
type PlannedCategory = PlannedGroup & Pick<CategoryDoc, 'slug'>;

/**
 * What a paste creates: the category under a free `-copy` slug, after the last
 * one, and each group of the original with the characters listed in it (they
 * stay there: a character is in one group only, so the copies start empty).
 * The paste writes this plan and the preview shows it, so they cannot differ.
 */
export interface PastePlan {
  source: CategoryDoc;
  category: PlannedCategory;
  groups: Array<{ source: GroupDoc; copy: PlannedGroup; characters: Array<{ id: string; name: string }> }>;
}

/** `{slug}-copy`, then `{slug}-copy-2`, … : the first one no category uses. */
async function freeCopySlug(store: StoreOrTx, slug: string): Promise<string> {
  for (let n = 1; n <= 1000; n += 1) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    const candidate = `${slug.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!(await openCategories(store).findOne({ slug: candidate }, { projection: { _id: 1 } }))) return candidate;
  }
  throw taxonomyErrors.copySlugExhausted();
}

/** The plan of pasting category `id`; an unknown id refuses (404), as the paste does. */
export async function planPaste(store: StoreOrTx, id: string): Promise<PastePlan> {
  const source = await findCategoryDoc(store, id);
  const sourceGroups = await openGroups(store).find({ category_id: id }, { sort: CATEGORY_ORDER });
  const members = await openCharacters(store).find(
    { group_id: { $in: sourceGroups.map((g) => g._id) } },
    { sort: { name: 1 }, projection: { _id: 1, name: 1, group_id: 1 } },
  );
  return {
    source,
    category: {
      name: `${source.name.slice(0, NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
      slug: await freeCopySlug(store, source.slug),
      description: source.description,
      ...translatedTextsOf(source),
      sort_order: await nextSortOrder(openCategories(store)),
    },
    groups: sourceGroups.map((g) => ({
      source: g,
      copy: { name: g.name, description: g.description, ...translatedTextsOf(g), sort_order: g.sort_order },
      characters: members.filter((c) => c.group_id === g._id).map((c) => ({ id: c._id, name: c.name })),
    })),
  };
}

/** The plan as the console reads it. */
export function pastePreviewOf(plan: PastePlan): Omit<CategoryPastePreviewReply, 'ok'> {
  return {
    source: { id: plan.source._id, name: plan.source.name, slug: plan.source.slug },
    category: plan.category,
    groups: plan.groups.map((g) => ({ source_group_id: g.source._id, ...g.copy, characters: g.characters })),
  };
}

/** A copy of the category and its groups (not their characters: a character is listed in one group only). */
export async function pasteCategory(
  tx: Transaction,
  events: Eventing,
  id: string,
): Promise<{ category: CategoryDoc; groups: GroupDoc[] }> {
  const plan = await planPaste(tx, id);
  const at = now();
  const category = await openCategories(tx).insertOne({
    _id: randomUUID(),
    ...plan.category,
    created_at: at,
    updated_at: at,
  });
  const groups =
    plan.groups.length === 0
      ? []
      : await openGroups(tx).insertMany(
          plan.groups.map((g) => ({
            _id: randomUUID(),
            category_id: category._id,
            ...g.copy,
            created_at: at,
            updated_at: at,
          })),
        );
  await announceGroups(
    tx,
    events,
    groups.map((g) => g._id),
  );
  return { category, groups };
}

const now = () => new Date().toISOString();
