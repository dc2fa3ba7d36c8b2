import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { NameTranslations, ProductTextView } from '@talkwith/proto/billing';
import { openProducts, PACKS } from '../purchases/products.ts';
import { PLANS } from '../subscriptions/plans.ts';

/** An operator's translations of one product's or plan's name; replaces the shipped ones. */
export interface ProductTextDoc {
  _id: string;
  name_i18n: NameTranslations;
  edited_at: string;
  edited_by: string;
  [key: string]: unknown;
}

type StoreOrTx = DocumentStore | Transaction;

export function openProductTexts(store: StoreOrTx): Collection<ProductTextDoc> {
  return store.collection<ProductTextDoc>('product_texts');
}

export const planKey = (planCode: string): string => `plan:${planCode}`;

interface Shipped {
  key: string;
  kind: ProductTextView['kind'];
  name: string;
  name_i18n: NameTranslations;
}

/** What ships with the code: the packs and the plans, with their translations (products.ts, plans.ts). */
export const SHIPPED: readonly Shipped[] = [
  ...PACKS.map((p) => ({
    key: p.product_id,
    kind: p.kind as 'tickets' | 'points',
    name: p.name,
    name_i18n: p.name_i18n ?? {},
  })),
  ...Object.values(PLANS).map((p) => ({
    key: planKey(p.plan_code),
    kind: 'subscription' as const,
    name: p.name,
    name_i18n: p.name_i18n ?? {},
  })),
];

export const shippedText = (key: string): Shipped | undefined => SHIPPED.find((s) => s.key === key);

/**
 * The translations of each key's name: an operator's edit, else the shipped
 * ones, else (a character product) what the catalog published. A key with
 * none is absent: its views show the Japanese.
 */
export async function nameTranslations(
  store: StoreOrTx,
  keys: readonly string[],
): Promise<Map<string, NameTranslations>> {
  const unique = [...new Set(keys)];
  const found = new Map<string, NameTranslations>();
  if (unique.length === 0) return found;
  const characterKeys = unique.filter((key) => key.startsWith('character:'));
  const [edited, characters] = await Promise.all([
    openProductTexts(store).find({ _id: { $in: unique } }, { limit: unique.length }),
    characterKeys.length > 0
      ? openProducts(store).find({ _id: { $in: characterKeys } }, { limit: characterKeys.length })
      : Promise.resolve([]),
  ]);
  for (const doc of characters) if (doc.name_i18n) found.set(doc._id, doc.name_i18n);
  for (const key of unique) {
    const shipped = shippedText(key);
    if (shipped) found.set(key, shipped.name_i18n);
  }
  for (const doc of edited) found.set(doc._id, doc.name_i18n);
  return found;
}

/** The views with `name_i18n` set from nameTranslations (one read for the whole list). */
export async function withNameTranslations<T extends object>(
  store: StoreOrTx,
  items: readonly T[],
  keyOf: (item: T) => string,
): Promise<T[]> {
  const translations = await nameTranslations(store, items.map(keyOf));
  return items.map((item) => {
    const name_i18n = translations.get(keyOf(item));
    return name_i18n ? { ...item, name_i18n } : item;
  });
}
