import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { slugOf, type Category, type CategoryPatch, type NewCategoryBody } from '@talkwith/proto/catalog';
import { openCategories, openGroups, type CategoryDoc } from '../model.ts';
import { categoryOf, countBy, storedTextsOf } from './views.ts';
import { taxonomyErrors } from '../errors.ts';

type StoreOrTx = DocumentStore | Transaction;

export const CATEGORY_ORDER = { sort_order: 1, created_at: 1 } as const;

const now = () => new Date().toISOString();

export async function findCategoryDoc(store: StoreOrTx, id: string): Promise<CategoryDoc> {
  const found = await openCategories(store).findOne({ _id: id });
  if (!found) throw taxonomyErrors.categoryNotFound();
  return found;
}

/** Every category in menu order, with how many groups each has. */
export async function listCategories(store: StoreOrTx): Promise<Category[]> {
  const [categories, groups] = await Promise.all([
    openCategories(store).find({}, { sort: CATEGORY_ORDER }),
    openGroups(store).find({}, { projection: { _id: 1, category_id: 1 } }),
  ]);
  const counts = countBy(groups, (g) => g.category_id);
  return categories.map((c) => categoryOf(c, counts.get(c._id) ?? 0));
}

export async function viewCategory(store: StoreOrTx, doc: CategoryDoc): Promise<Category> {
  return categoryOf(doc, await openGroups(store).countDocuments({ category_id: doc._id }));
}

async function ensureSlugFree(store: StoreOrTx, slug: string, exceptId?: string): Promise<void> {
  const taken = await openCategories(store).findOne(
    { slug, ...(exceptId ? { _id: { $ne: exceptId } } : {}) },
    { projection: { _id: 1 } },
  );
  if (taken) throw taxonomyErrors.categorySlugTaken(slug);
}

/** The chosen slug, else the §5 slug of the name; a name without a latin letter or digit needs one chosen. */
function slugFor(input: { name: string; slug?: string }): string {
  const slug = input.slug ?? slugOf(input.name);
  if (!slug) throw taxonomyErrors.noSlugFromName();
  return slug;
}

/** After the last one, so a new entry appears at the end of its list. */
export async function nextSortOrder<T extends { _id: string; sort_order: number }>(
  collection: Collection<T>,
  filter: Record<string, unknown> = {},
): Promise<number> {
  const [last] = await collection.find(filter, { sort: { sort_order: -1 }, limit: 1, projection: { sort_order: 1 } });
  return last ? last.sort_order + 1 : 0;
}

export async function createCategory(tx: Transaction, input: NewCategoryBody): Promise<CategoryDoc> {
  const slug = slugFor(input);
  await ensureSlugFree(tx, slug);
  const categories = openCategories(tx);
  const at = now();
  return categories.insertOne({
    _id: randomUUID(),
    name: input.name,
    slug,
    description: input.description ?? '',
    ...storedTextsOf(input),
    sort_order: input.sort_order ?? (await nextSortOrder(categories)),
    created_at: at,
    updated_at: at,
  });
}

export async function updateCategory(tx: Transaction, id: string, patch: CategoryPatch): Promise<CategoryDoc> {
  await findCategoryDoc(tx, id);
  if (patch.slug !== undefined) await ensureSlugFree(tx, patch.slug, id);
  const updated = await openCategories(tx).findOneAndUpdate(
    { _id: id },
    {
      $set: { ...patch, ...storedTextsOf(patch), updated_at: now() },
    },
  );
  if (!updated) throw taxonomyErrors.categoryNotFound();
  return updated;
}

/** Refuses while groups remain (409 with their list): deleting would leave them, and their characters, nowhere. */
export async function deleteCategory(tx: Transaction, id: string): Promise<CategoryDoc> {
  const category = await findCategoryDoc(tx, id);
  const groups = await openGroups(tx).find(
    { category_id: id },
    { sort: CATEGORY_ORDER, projection: { _id: 1, name: 1 } },
  );
  if (groups.length > 0) {
    throw taxonomyErrors.categoryNotEmpty(category.name, groups);
  }
  await openCategories(tx).deleteOne({ _id: id });
  return category;
}
