import type { Coupon, Redemption, Serial, Unlock } from '@talkwith/proto/engagement';
import { maskCode } from './codes.ts';
import type { CouponDoc, RedemptionDoc, SerialDoc } from './model.ts';

/** Documents as the API shows them (proto/src/engagement/serials.ts). */

export function couponView(doc: CouponDoc, redeemed: number): Coupon {
  return {
    coupon_id: doc._id,
    name: doc.name,
    prefix: doc.prefix,
    character_id: doc.character_id,
    block_id: doc.block_id,
    tickets: doc.tickets,
    valid_from: doc.valid_from,
    valid_until: doc.valid_until,
    is_debug: doc.is_debug,
    count: doc.count,
    redeemed,
    created_at: doc.created_at,
    created_by: doc.created_by,
  };
}

export function serialView(doc: SerialDoc): Serial {
  return {
    id: doc._id,
    coupon_id: doc.coupon_id,
    character_id: doc.character_id,
    block_id: doc.block_id,
    is_debug: doc.is_debug,
    redeemed_by: doc.redeemed_by,
    redeemed_at: doc.redeemed_at,
    redemptions: doc.redemptions,
  };
}

export function redemptionView(doc: RedemptionDoc): Redemption {
  return {
    serial_id: doc.serial_id,
    coupon_id: doc.coupon_id,
    user_id: doc.user_id,
    character_id: doc.character_id,
    block_id: doc.block_id,
    tickets: doc.tickets,
    is_debug: doc.is_debug,
    redeemed_at: doc.redeemed_at,
  };
}

export function unlockView(doc: RedemptionDoc, characterName?: string): Unlock {
  return {
    coupon_id: doc.coupon_id,
    character_id: doc.character_id,
    ...(characterName === undefined ? {} : { character_name: characterName }),
    block_id: doc.block_id,
    tickets: doc.tickets,
    redeemed_at: doc.redeemed_at,
    serial_masked: maskCode(doc.serial_id),
  };
}
