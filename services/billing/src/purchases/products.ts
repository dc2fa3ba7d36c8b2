import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import type { NameTranslations, ProductView } from '@talkwith/proto/billing';
import { purchaseErrors } from '../errors.ts';

/** A character on sale, priced by the catalog's `character.published`. */
export interface CharacterProductDoc {
  _id: string;
  kind: 'character';
  character_id: string;
  name: string;
  /** The catalog's translations of the name (absent for products published before them). */
  name_i18n?: NameTranslations;
  amount: number;
  /** Published with a price > 0: may be bought. */
  available: boolean;
  /** The catalog's published version the price came from. */
  version?: number;
  updated_at: string;
  [key: string]: unknown;
}

/** What the shop sells besides characters (API.md § Purchases); prices in yen; `name_i18n`: the shipped translations (an operator may replace them). */
export const PACKS: readonly ProductView[] = [
  {
    product_id: 'tickets-1',
    kind: 'tickets',
    name: 'トークチケット 1枚',
    amount: 150,
    tickets: 1,
    methods: ['credit'],
    name_i18n: { 'en-US': '1 talk ticket', 'fil-PH': '1 talk ticket', 'zh-TW': '對話券 1 張' },
  },
  {
    product_id: 'tickets-5',
    kind: 'tickets',
    name: 'トークチケット 5枚',
    amount: 700,
    tickets: 5,
    methods: ['credit'],
    name_i18n: { 'en-US': '5 talk tickets', 'fil-PH': '5 na talk ticket', 'zh-TW': '對話券 5 張' },
  },
  {
    product_id: 'tickets-10',
    kind: 'tickets',
    name: 'トークチケット 10枚',
    amount: 1300,
    tickets: 10,
    methods: ['credit'],
    name_i18n: { 'en-US': '10 talk tickets', 'fil-PH': '10 na talk ticket', 'zh-TW': '對話券 10 張' },
  },
  {
    product_id: 'points-500',
    kind: 'points',
    name: '500ポイント',
    amount: 500,
    points: 500,
    methods: ['credit'],
    name_i18n: { 'en-US': '500 points', 'fil-PH': '500 puntos', 'zh-TW': '500 點' },
  },
  {
    product_id: 'points-1000',
    kind: 'points',
    name: '1000ポイント',
    amount: 1000,
    points: 1000,
    methods: ['credit'],
    name_i18n: { 'en-US': '1,000 points', 'fil-PH': '1,000 puntos', 'zh-TW': '1000 點' },
  },
];

export const characterProductId = (characterId: string): string => `character:${characterId}`;

export function openProducts(store: DocumentStore | Transaction): Collection<CharacterProductDoc> {
  return store.collection<CharacterProductDoc>('products');
}

/** Keeps the character products in step with the catalog (a redelivered event writes the same thing again). */
export async function onCatalogEvent(
  products: Collection<CharacterProductDoc>,
  event: EventOf<'character.published' | 'character.unpublished'>,
): Promise<void> {
  const _id = characterProductId(event.data.character_id);
  if (event.type === 'character.unpublished') {
    await products.updateOne({ _id }, { $set: { available: false, updated_at: event.occurredAt } });
    return;
  }
  const price = event.data.price ?? 0;
  const fresh = {
    kind: 'character',
    character_id: event.data.character_id,
    name: event.data.name,
    name_i18n: event.data.name_i18n ?? {},
    amount: price,
    available: price > 0,
    version: event.data.version,
    updated_at: event.occurredAt,
  };
  try {
    // Only a newer (or the same) published version replaces the price: a late redelivery of an old one is ignored.
    await products.updateOne(
      { _id, $or: [{ version: { $exists: false } }, { version: { $lte: event.data.version } }] },
      { $set: fresh },
      { upsert: true },
    );
  } catch (err) {
    if ((err as { code?: string }).code !== 'DUPLICATE_KEY') throw err;
  }
}

function characterView(doc: CharacterProductDoc): ProductView {
  return {
    product_id: doc._id,
    kind: 'character',
    name: doc.name,
    ...(doc.name_i18n ? { name_i18n: doc.name_i18n } : {}),
    amount: doc.amount,
    character_id: doc.character_id,
    methods: ['credit'],
  };
}

export async function listProducts(store: DocumentStore): Promise<ProductView[]> {
  const characters = await openProducts(store).find({ available: true }, { sort: { name: 1 }, limit: 1000 });
  return [...characters.map(characterView), ...PACKS];
}

/** A product that may be bought now: 404 PRODUCT_NOT_FOUND when it never existed, 409 PRODUCT_UNAVAILABLE when off sale. */
export async function productForSale(store: DocumentStore | Transaction, productId: string): Promise<ProductView> {
  const pack = PACKS.find((p) => p.product_id === productId);
  if (pack) return pack;
  const doc = productId.startsWith('character:') ? await openProducts(store).findOne({ _id: productId }) : null;
  if (!doc) throw purchaseErrors.productNotFound();
  if (!doc.available) throw purchaseErrors.productUnavailable();
  return characterView(doc);
}

/** Any product ever sold, on sale or not (an operator's manual record may name one taken off sale). */
export async function productEverSold(store: DocumentStore | Transaction, productId: string): Promise<ProductView> {
  const pack = PACKS.find((p) => p.product_id === productId);
  if (pack) return pack;
  const doc = productId.startsWith('character:') ? await openProducts(store).findOne({ _id: productId }) : null;
  if (!doc) throw purchaseErrors.productNotFound();
  return characterView(doc);
}
