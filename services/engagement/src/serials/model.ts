import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';

/** A batch an admin generated (API.md § Serials). `prefix` is kept as written: it is printed on the cards. */
export interface CouponDoc {
  _id: string;
  name: string;
  prefix: string;
  character_id: string;
  block_id: string;
  tickets: number;
  valid_from: string | null;
  valid_until: string | null;
  is_debug: boolean;
  count: number;
  created_at: string;
  created_by: string;
  [key: string]: unknown;
}

/**
 * One code; `_id` is the normalised code. `redeemed_by`/`redeemed_at` are set
 * by the (first, for debug serials the latest) redemption, `redemptions`
 * counts them all: a serial is *used* once it is ≥ 1.
 */
export interface SerialDoc {
  _id: string;
  coupon_id: string;
  character_id: string;
  block_id: string;
  is_debug: boolean;
  redeemed_by: string | null;
  redeemed_at: string | null;
  redemptions: number;
  created_at: string;
  [key: string]: unknown;
}

/**
 * One redemption (a debug serial has one per staff redemption). `once_key`
 * is `${coupon_id}:${user_id}` for a customer's redemption, under a unique
 * index: one account gets one serial of a coupon, even when two of its
 * requests race with different codes. Debug rows carry `debug:${_id}`.
 */
export interface RedemptionDoc {
  _id: string;
  serial_id: string;
  coupon_id: string;
  user_id: string;
  character_id: string;
  block_id: string;
  tickets: number;
  is_debug: boolean;
  redeemed_at: string;
  once_key: string;
  [key: string]: unknown;
}

/** What a deleted account's redemptions are left pointing at (they still count in the statistics). */
export const DELETED_USER = 'deleted-user';

type Store = DocumentStore | Transaction;
export const openCoupons = (store: Store): Collection<CouponDoc> => store.collection<CouponDoc>('coupons');
export const openSerials = (store: Store): Collection<SerialDoc> => store.collection<SerialDoc>('serials');
/**
 * Characters as the catalog publishes them (`character.published`): the
 * customer's unlocks name the character, and a batch must name one of its
 * published blocks. `block_ids` is absent for a character last announced by a
 * catalog that did not send them yet (its blocks are then not checked).
 */
export interface CharacterNameDoc {
  _id: string;
  name: string;
  block_ids?: string[];
  [key: string]: unknown;
}
export const openCharacterNames = (store: Store): Collection<CharacterNameDoc> =>
  store.collection<CharacterNameDoc>('character_names');

export const openRedemptions = (store: Store): Collection<RedemptionDoc> =>
  store.collection<RedemptionDoc>('serial_redemptions');

export const onceKeyOf = (couponId: string, userId: string): string => `${couponId}:${userId}`;

export async function ensureSerialIndexes(store: DocumentStore): Promise<void> {
  await openCoupons(store).createIndex({ created_at: -1 });
  await openCoupons(store).createIndex({ character_id: 1, created_at: -1 });
  await openSerials(store).createIndex({ coupon_id: 1, redemptions: 1 });
  await openSerials(store).createIndex({ redeemed_by: 1 });
  await openSerials(store).createIndex({ redeemed_at: 1 });
  await openSerials(store).createIndex({ character_id: 1 });
  await openSerials(store).createIndex({ created_at: -1 });
  await openRedemptions(store).createIndex({ once_key: 1 }, { unique: true });
  await openRedemptions(store).createIndex({ user_id: 1, redeemed_at: -1 });
  await openRedemptions(store).createIndex({ redeemed_at: -1 });
  await openRedemptions(store).createIndex({ coupon_id: 1, redeemed_at: -1 });
}
