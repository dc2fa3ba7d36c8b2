import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type {
  AdminPurchaseView,
  NameTranslations,
  PurchaseKind,
  PurchaseStatus,
  PurchaseView,
} from '@talkwith/proto/billing';
import type { ProviderCodes } from '../provider/port.ts';

/**
 * One purchase (API.md § Purchases). It is also the idempotency record of
 * the call that created it: unique on {user_id, idempotency_key}, and its
 * `order_id` is the only one ever sent to the provider for it.
 */
export interface PurchaseDoc {
  _id: string;
  user_id: string;
  product_id: string;
  kind: PurchaseKind;
  name: string;
  /** The name's translations as sold (absent on records from before them: views fill them in by product). */
  name_i18n?: NameTranslations;
  amount: number;
  refunded: number;
  order_id: string;
  /** The short number people read (order-numbers.ts): `TW-2611-7K3Q`. Absent only on records made before numbers existed, until the start-up backfill gives them one. */
  order_number?: string;
  /** The card charged, when billing knows it (a saved card, a subscription's recurring card): receipts show it. */
  card?: { brand?: string; last4: string };
  idempotency_key: string;
  /** Hash of the route and body that created it: the same key with another body is refused. */
  request_fingerprint: string;
  status: PurchaseStatus;
  /** card: charged here; manual: written by an operator; subscription: a charged plan period (subscription-charges.ts). */
  source: 'card' | 'manual' | 'subscription';
  /** Calls made to the provider for this order (authorize, searches). */
  attempts: number;
  provider_result?: ProviderCodes;
  challenge_url?: string;
  character_id?: string;
  tickets?: number;
  points?: number;
  note?: string;
  /** Set while a refund is being made at the provider: one at a time per purchase. */
  refund_in_flight?: string | null;
  created_at: string;
  updated_at: string;
  settled_at?: string;
  [key: string]: unknown;
}

export const PURCHASES = 'purchases';

/** Not yet known to have been paid or not: the only statuses a settler may move a purchase out of. */
export const UNSETTLED: PurchaseStatus[] = ['created', 'challenge', 'pending', 'unknown'];

export function openPurchases(store: DocumentStore | Transaction): Collection<PurchaseDoc> {
  return store.collection<PurchaseDoc>(PURCHASES);
}

export async function ensurePurchaseIndexes(store: DocumentStore): Promise<void> {
  const purchases = openPurchases(store);
  await purchases.createIndex({ user_id: 1, idempotency_key: 1 }, { unique: true });
  await purchases.createIndex({ order_id: 1 }, { unique: true });
  // Not unique here (records from before numbers existed have none); uniqueness is order_numbers' _id.
  await purchases.createIndex({ order_number: 1 });
  await purchases.createIndex({ status: 1, updated_at: 1 });
  await purchases.createIndex({ user_id: 1, created_at: -1 });
  await purchases.createIndex({ created_at: -1 });
}

export function viewOf(doc: PurchaseDoc): PurchaseView {
  return {
    purchase_id: doc._id,
    product_id: doc.product_id,
    kind: doc.kind,
    name: doc.name,
    ...(doc.name_i18n ? { name_i18n: doc.name_i18n } : {}),
    amount: doc.amount,
    refunded: doc.refunded,
    status: doc.status,
    order_id: doc.order_id,
    order_number: doc.order_number ?? doc.order_id,
    created_at: doc.created_at,
    ...(doc.settled_at ? { settled_at: doc.settled_at } : {}),
    ...(doc.character_id ? { character_id: doc.character_id } : {}),
    ...(doc.tickets ? { tickets: doc.tickets } : {}),
    ...(doc.points ? { points: doc.points } : {}),
  };
}

export function adminViewOf(doc: PurchaseDoc): AdminPurchaseView {
  return {
    ...viewOf(doc),
    user_id: doc.user_id,
    source: doc.source,
    attempts: doc.attempts,
    ...(doc.provider_result ? { provider_result: doc.provider_result } : {}),
    ...(doc.note ? { note: doc.note } : {}),
  };
}
