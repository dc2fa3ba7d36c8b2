import { type DocumentStore, type Transaction } from '@talkwith/platform';
import {
  PAGE_SIZE,
  type Coupon,
  type CouponList,
  type CouponListQuery,
  type RedemptionList,
  type RedemptionQueryBody,
  type SerialList,
  type SerialListQuery,
  type SerialOrCouponReply,
  type UnlockList,
} from '@talkwith/proto/engagement';
import { japanRange, rangeFilter } from './calendar.ts';
import { normaliseCode } from './codes.ts';
import { openCharacterNames, openCoupons, openRedemptions, openSerials, type CouponDoc } from './model.ts';
import { couponView, redemptionView, serialView, unlockView } from './views.ts';
import { serialErrors } from '../errors.ts';

type Store = DocumentStore | Transaction;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const paging = (total: number, page: number) => ({ total, page, pages: Math.ceil(total / PAGE_SIZE) });
const window = (page: number) => ({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });

/** A coupon with how many of its serials were redeemed (debug ones: redeemed at least once). */
export async function couponWithCounts(store: Store, coupon: CouponDoc): Promise<Coupon> {
  const redeemed = await openSerials(store).countDocuments({ coupon_id: coupon._id, redemptions: { $gte: 1 } });
  return couponView(coupon, redeemed);
}

export async function listCoupons(store: DocumentStore, query: CouponListQuery): Promise<CouponList> {
  const page = query.page ?? 1;
  const filter = {
    ...(query.character_id ? { character_id: query.character_id } : {}),
    ...(query.q ? { name: { $regex: escapeRegex(query.q), $options: 'i' } } : {}),
  };
  const total = await openCoupons(store).countDocuments(filter);
  const docs = await openCoupons(store).find(filter, { sort: { created_at: -1, _id: 1 }, ...window(page) });
  const coupons = await Promise.all(docs.map((doc) => couponWithCounts(store, doc)));
  return { ok: true, coupons, ...paging(total, page) };
}

export async function listSerials(store: DocumentStore, query: SerialListQuery): Promise<SerialList> {
  const page = query.page ?? 1;
  const debug = query.is_debug === undefined ? undefined : query.is_debug === true || query.is_debug === 'true';
  const prefix = query.q ? normaliseCode(query.q) : '';
  const filter = {
    ...(query.coupon_id ? { coupon_id: query.coupon_id } : {}),
    ...(query.character_id ? { character_id: query.character_id } : {}),
    ...(query.status === 'used' ? { redemptions: { $gte: 1 } } : query.status === 'unused' ? { redemptions: 0 } : {}),
    ...(prefix ? { _id: { $regex: `^${escapeRegex(prefix)}` } } : {}),
    ...(query.user_id ? { redeemed_by: query.user_id } : {}),
    ...(debug === undefined ? {} : { is_debug: debug }),
  };
  const total = await openSerials(store).countDocuments(filter);
  const docs = await openSerials(store).find(filter, { sort: { created_at: -1, _id: 1 }, ...window(page) });
  return { ok: true, serials: docs.map(serialView), ...paging(total, page) };
}

/** A coupon by its id, or else the serial whose normalised code `id` is, with its coupon. */
export async function serialOrCoupon(store: DocumentStore, id: string): Promise<SerialOrCouponReply> {
  const coupon = await openCoupons(store).findOne({ _id: id });
  if (coupon) return { ok: true, coupon: await couponWithCounts(store, coupon) };
  const serial = await openSerials(store).findOne({ _id: normaliseCode(id) });
  const owner = serial ? await openCoupons(store).findOne({ _id: serial.coupon_id }) : null;
  if (!serial || !owner) throw serialErrors.couponNotFound();
  return { ok: true, coupon: await couponWithCounts(store, owner), serial: serialView(serial) };
}

/** Redemptions in a Japan date range, newest first (debug ones included, flagged). */
export async function listRedemptions(
  store: DocumentStore,
  body: RedemptionQueryBody,
  now = new Date(),
): Promise<RedemptionList> {
  const page = body.page ?? 1;
  const range = japanRange(body.start, body.end, now);
  const filter = { ...rangeFilter('redeemed_at', range), ...(body.coupon_id ? { coupon_id: body.coupon_id } : {}) };
  const total = await openRedemptions(store).countDocuments(filter);
  const docs = await openRedemptions(store).find(filter, { sort: { redeemed_at: -1, _id: 1 }, ...window(page) });
  return { ok: true, redemptions: docs.map(redemptionView), ...paging(total, page) };
}

/** The caller's redemptions, newest first. */
export async function unlocksOf(store: DocumentStore, userId: string): Promise<UnlockList> {
  const docs = await openRedemptions(store).find(
    { user_id: userId },
    { sort: { redeemed_at: -1, _id: 1 }, limit: 500 },
  );
  const names = await characterNames(
    store,
    docs.map((d) => d.character_id),
  );
  return { ok: true, unlocks: docs.map((d) => unlockView(d, names.get(d.character_id))) };
}

/** Names of the characters (id → name) engagement has heard of. */
export async function characterNames(store: DocumentStore, ids: string[]): Promise<Map<string, string>> {
  const found = await openCharacterNames(store).find({ _id: { $in: [...new Set(ids)] } }, { limit: 1000 });
  return new Map(found.map((c) => [c._id, c.name]));
}
