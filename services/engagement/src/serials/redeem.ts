import { randomUUID } from 'node:crypto';
import { isAppError, type Platform, type Transaction } from '@talkwith/platform';
import { maskCode, normaliseCode } from './codes.ts';
import {
  onceKeyOf,
  openCoupons,
  openRedemptions,
  openSerials,
  type CouponDoc,
  type RedemptionDoc,
  type SerialDoc,
} from './model.ts';
import { serialErrors } from '../errors.ts';

export interface RedeemRequest {
  /** The caller (from the token). */
  userId: string;
  /** Admins may redeem debug serials, any number of times. */
  isAdmin: boolean;
  /** The code as typed. */
  code: string;
  now?: Date;
}

/**
 * Redeems one serial for the caller (API.md § Serials, step 2): the lookup,
 * the checks, the claim, the redemption row and `serial.redeemed` share one
 * transaction, so the event exists exactly when the claim does. The claim is
 * a conditional update on `redeemed_by: null`: of racing requests, the one
 * that matched wins and the rest answer SERIAL_USED. A second serial of the
 * same coupon for one account meets the unique `once_key` and rolls back,
 * leaving that code unused.
 */
export async function redeemSerial(
  platform: Pick<Platform, 'store' | 'events'>,
  request: RedeemRequest,
): Promise<RedemptionDoc> {
  const code = normaliseCode(request.code);
  const at = (request.now ?? new Date()).toISOString();
  return platform.store.withTransaction(async (tx) => {
    const { serial, coupon } = await findRedeemable(tx, code, request, at);
    await claim(tx, serial, request.userId, at);
    const row = await recordRedemption(tx, { serial, coupon, userId: request.userId, at });
    await platform.events.publish(
      'serial.redeemed',
      row.user_id,
      {
        redemption_id: row._id,
        serial_masked: maskCode(row.serial_id),
        coupon_id: row.coupon_id,
        user_id: row.user_id,
        character_id: row.character_id,
        block_id: row.block_id,
        tickets: row.tickets,
        is_debug: row.is_debug,
        redeemed_at: row.redeemed_at,
      },
      tx,
    );
    return row;
  });
}

/** The serial and its coupon, if the caller may redeem it now; else the error that says why not. */
async function findRedeemable(
  tx: Transaction,
  code: string,
  request: RedeemRequest,
  at: string,
): Promise<{ serial: SerialDoc; coupon: CouponDoc }> {
  const serial = code ? await openSerials(tx).findOne({ _id: code }) : null;
  const coupon = serial ? await openCoupons(tx).findOne({ _id: serial.coupon_id }) : null;
  if (!serial || !coupon) throw serialErrors.notFound();
  if (serial.is_debug && !request.isAdmin) throw serialErrors.debugOnly();
  if (coupon.valid_from && at < coupon.valid_from) throw serialErrors.notYet();
  if (coupon.valid_until && at >= coupon.valid_until) throw serialErrors.expired();
  if (!serial.is_debug && (await openRedemptions(tx).findOne({ once_key: onceKeyOf(coupon._id, request.userId) }))) {
    throw serialErrors.alreadyUnlocked();
  }
  return { serial, coupon };
}

/** Marks the serial redeemed: once for a customer's serial (conditional), every time for a debug one. */
async function claim(tx: Transaction, serial: SerialDoc, userId: string, at: string): Promise<void> {
  const serials = openSerials(tx);
  const mark = { $set: { redeemed_by: userId, redeemed_at: at }, $inc: { redemptions: 1 } };
  if (serial.is_debug) {
    await serials.updateOne({ _id: serial._id }, mark);
    return;
  }
  const claimed = await serials.updateOne({ _id: serial._id, redeemed_by: null }, mark);
  if (claimed.matchedCount === 0) throw serialErrors.used();
}

async function recordRedemption(
  tx: Transaction,
  what: { serial: SerialDoc; coupon: CouponDoc; userId: string; at: string },
): Promise<RedemptionDoc> {
  const id = randomUUID();
  const { serial, coupon } = what;
  const row: RedemptionDoc = {
    _id: id,
    serial_id: serial._id,
    coupon_id: coupon._id,
    user_id: what.userId,
    character_id: serial.character_id,
    block_id: serial.block_id,
    tickets: coupon.tickets,
    is_debug: serial.is_debug,
    redeemed_at: what.at,
    once_key: serial.is_debug ? `debug:${id}` : onceKeyOf(coupon._id, what.userId),
  };
  try {
    return await openRedemptions(tx).insertOne(row);
  } catch (err) {
    // Another serial of this coupon was redeemed by the same account in a concurrent transaction.
    if (isAppError(err) && err.code === 'DUPLICATE_KEY') throw serialErrors.alreadyUnlocked();
    throw err;
  }
}
