import { Type, type Static } from '@sinclair/typebox';
import { CatalogId, DateOnly, EngagementId, Iso, Page, Paging, UserId } from './common.ts';

/**
 * Serial codes (SPEC.md §3 Serial/coupon: id, block_id, coupon_id, is_debug).
 * A coupon is a batch an admin generates; each serial of it unlocks the
 * coupon's block of its character for the account that redeems it, and may
 * grant talk tickets (billing, `serial.redeemed` → `ticket.granted`).
 */

/**
 * A code as typed: letters, digits, hyphens and spaces (ignored), up to 64.
 * Normalised before lookup: upper case, no separators, O→0, I/L→1.
 */
export const SerialCode = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 -]+$' });

/** POST /api/serial/check {serial_id, user_id?}: user_id, when sent, must be the caller's own (it is never taken from the body). */
export const SerialCheckBody = Type.Object(
  {
    serial_id: SerialCode,
    user_id: Type.Optional(UserId),
  },
  { additionalProperties: false },
);
export type SerialCheckBody = Static<typeof SerialCheckBody>;

/** What a redemption unlocked. */
export const Unlock = Type.Object({
  coupon_id: Type.String(),
  character_id: Type.String(),
  /** The character's name as last published (absent when engagement has not heard of it). */
  character_name: Type.Optional(Type.String()),
  block_id: Type.String(),
  /** Talk tickets it granted (0 = none). */
  tickets: Type.Integer({ minimum: 0 }),
  redeemed_at: Iso,
  /** The code, masked: only its last 3 characters (SPEC.md §5 masking helper). */
  serial_masked: Type.String(),
});
export type Unlock = Static<typeof Unlock>;

export const SerialCheckReply = Type.Object({ ok: Type.Literal(true), message: Type.String(), unlock: Unlock });
export type SerialCheckReply = Static<typeof SerialCheckReply>;

/** GET /api/serial/unlocks: the caller's redeemed serials, newest first. */
export const UnlockList = Type.Object({ ok: Type.Literal(true), unlocks: Type.Array(Unlock) });
export type UnlockList = Static<typeof UnlockList>;

// ---- admin ----

/** POST /api/admin/serials/generate: a batch (coupon) of `count` new codes. */
export const SerialGenerateBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'what the batch is for, e.g. "1st single CD bonus"',
    }),
    count: Type.Integer({ minimum: 1, maximum: 20_000 }),
    prefix: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9]{0,8}$',
        description: 'printed before the random part (upper case letters, digits; up to 8)',
      }),
    ),
    character_id: CatalogId,
    block_id: CatalogId,
    tickets: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, default: 0, description: 'talk tickets each redemption grants' }),
    ),
    valid_from: Type.Optional(Type.Union([Iso, Type.Null()])),
    valid_until: Type.Optional(Type.Union([Iso, Type.Null()])),
    is_debug: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type SerialGenerateBody = Static<typeof SerialGenerateBody>;

/** A batch as admins see it. */
export const Coupon = Type.Object({
  coupon_id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  character_id: Type.String(),
  block_id: Type.String(),
  tickets: Type.Integer({ minimum: 0 }),
  valid_from: Type.Union([Iso, Type.Null()]),
  valid_until: Type.Union([Iso, Type.Null()]),
  is_debug: Type.Boolean(),
  count: Type.Integer({ minimum: 0 }),
  redeemed: Type.Integer({ minimum: 0 }),
  created_at: Iso,
  created_by: Type.String(),
});
export type Coupon = Static<typeof Coupon>;

export const CouponReply = Type.Object({ ok: Type.Literal(true), coupon: Coupon });
export type CouponReply = Static<typeof CouponReply>;

/** GET /api/admin/serials/coupons?page&character_id&q */
export const CouponListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    character_id: Type.Optional(CatalogId),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'words in the name' })),
  },
  { additionalProperties: false },
);
export type CouponListQuery = Static<typeof CouponListQuery>;
export const CouponList = Type.Object({ ok: Type.Literal(true), coupons: Type.Array(Coupon), ...Paging });
export type CouponList = Static<typeof CouponList>;

/** One serial as admins see it (SPEC.md §3 fields plus its state). */
export const Serial = Type.Object({
  id: Type.String({ description: 'the code, normalised' }),
  coupon_id: Type.String(),
  character_id: Type.String(),
  block_id: Type.String(),
  is_debug: Type.Boolean(),
  redeemed_by: Type.Union([Type.String(), Type.Null()]),
  redeemed_at: Type.Union([Iso, Type.Null()]),
  /** Debug serials: how many times staff redeemed it. */
  redemptions: Type.Integer({ minimum: 0 }),
});
export type Serial = Static<typeof Serial>;

/** GET /api/admin/serials/list?page&coupon_id&character_id&status&q&is_debug */
export const SerialListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    coupon_id: Type.Optional(EngagementId),
    character_id: Type.Optional(CatalogId),
    status: Type.Optional(Type.Union([Type.Literal('unused'), Type.Literal('used')])),
    q: Type.Optional(Type.String({ maxLength: 64, description: 'the start of a code' })),
    user_id: Type.Optional(UserId),
    is_debug: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type SerialListQuery = Static<typeof SerialListQuery>;
export const SerialList = Type.Object({ ok: Type.Literal(true), serials: Type.Array(Serial), ...Paging });
export type SerialList = Static<typeof SerialList>;

/** GET /api/admin/serials/{id}: a coupon (batch) with its counters, or, when id is a code, that serial. */
export const SerialOrCouponReply = Type.Object({
  ok: Type.Literal(true),
  coupon: Coupon,
  serial: Type.Optional(Serial),
});
export type SerialOrCouponReply = Static<typeof SerialOrCouponReply>;

/** PUT /api/admin/serials/changeBlock: the block the coupon's serials unlock (already redeemed ones keep theirs). */
export const ChangeBlockBody = Type.Object(
  { coupon_id: EngagementId, block_id: CatalogId },
  { additionalProperties: false },
);
export type ChangeBlockBody = Static<typeof ChangeBlockBody>;

/** PUT /api/admin/serials/changeSerialType: debug (staff only, repeatable, out of statistics) or not. */
export const ChangeSerialTypeBody = Type.Object(
  { coupon_id: EngagementId, is_debug: Type.Boolean() },
  { additionalProperties: false },
);
export type ChangeSerialTypeBody = Static<typeof ChangeSerialTypeBody>;

/** GET /api/admin/serials/stats?start&end&coupon_id: end defaults to today, start to none (SPEC.md §5). */
export const SerialStatsQuery = Type.Object(
  {
    start: Type.Optional(Type.Union([DateOnly, Type.Null(), Type.Literal('')])),
    end: Type.Optional(Type.Union([DateOnly, Type.Literal('')])),
    coupon_id: Type.Optional(EngagementId),
  },
  { additionalProperties: false },
);
export type SerialStatsQuery = Static<typeof SerialStatsQuery>;

export const SerialStats = Type.Object({
  start: Type.Union([DateOnly, Type.Null()]),
  end: DateOnly,
  /** Non-debug serials generated in the range (by their batch's creation day). */
  generated: Type.Integer({ minimum: 0 }),
  /** Non-debug redemptions in the range. */
  redeemed: Type.Integer({ minimum: 0 }),
  by_day: Type.Array(Type.Object({ date: DateOnly, redeemed: Type.Integer({ minimum: 0 }) })),
  by_coupon: Type.Array(
    Type.Object({
      coupon_id: Type.String(),
      name: Type.String(),
      count: Type.Integer({ minimum: 0 }),
      redeemed: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type SerialStats = Static<typeof SerialStats>;
export const SerialStatsReply = Type.Object({ ok: Type.Literal(true), stats: SerialStats });
export type SerialStatsReply = Static<typeof SerialStatsReply>;

/** POST /api/admin/serials {start, end, page}: redemptions in a date range (debug ones included, flagged). */
export const RedemptionQueryBody = Type.Object(
  {
    start: Type.Optional(Type.Union([DateOnly, Type.Null(), Type.Literal('')])),
    end: Type.Optional(Type.Union([DateOnly, Type.Literal('')])),
    coupon_id: Type.Optional(EngagementId),
    page: Type.Optional(Page),
  },
  { additionalProperties: false },
);
export type RedemptionQueryBody = Static<typeof RedemptionQueryBody>;
export const Redemption = Type.Object({
  serial_id: Type.String(),
  coupon_id: Type.String(),
  user_id: Type.String(),
  character_id: Type.String(),
  block_id: Type.String(),
  tickets: Type.Integer({ minimum: 0 }),
  is_debug: Type.Boolean(),
  redeemed_at: Iso,
});
export type Redemption = Static<typeof Redemption>;
export const RedemptionList = Type.Object({ ok: Type.Literal(true), redemptions: Type.Array(Redemption), ...Paging });
export type RedemptionList = Static<typeof RedemptionList>;

export const CouponIdParams = Type.Object({ coupon_id: EngagementId });
export type CouponIdParams = Static<typeof CouponIdParams>;
export const SerialIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' }),
});
export type SerialIdParams = Static<typeof SerialIdParams>;

/** GET /api/admin/serials/{coupon_id}/csv: the batch for the printer (UTF-8 with BOM, CRLF, Japanese headers). */
export const SerialCsv = Type.String({
  description:
    'text/csv; charset=utf-8: code (grouped for print), coupon id, coupon name, character, block, valid from, valid until, used at',
});
