import { pageQuery, sectionOver, type FactsOwner } from '@talkwith/platform/eventing';
import { DELETED_USER, openCoupons, openRedemptions, type CouponDoc, type RedemptionDoc } from './model.ts';

/**
 * Engagement's serial facts, announced again on request (platform eventing's
 * facts-requests): catalog (serial-locked blocks and who unlocked them) and
 * dialogue (insight's gates, the album's unlocks) keep projections of them.
 * Each batch goes out as `coupon.announced` (keyed like `coupon.saved`),
 * each redemption of a live account as `redemption.announced` (keyed by the
 * user like `serial.redeemed`), 500 a transaction. Neither is a
 * `serial.redeemed`: billing grants nothing on them.
 */

export const couponsSection = sectionOver<CouponDoc>(
  'coupons',
  (tx, after, limit) => {
    const q = pageQuery({}, after, limit);
    return openCoupons(tx).find(q.filter, q.options);
  },
  async (tx, events, coupons) => {
    for (const c of coupons) {
      await events.publish(
        'coupon.announced',
        c._id,
        { coupon_id: c._id, character_id: c.character_id, block_id: c.block_id, name: c.name, is_debug: c.is_debug },
        tx,
      );
    }
  },
);

export const redemptionsSection = sectionOver<RedemptionDoc>(
  'redemptions',
  (tx, after, limit) => {
    const q = pageQuery({ user_id: { $ne: DELETED_USER } }, after, limit);
    return openRedemptions(tx).find(q.filter, q.options);
  },
  async (tx, events, rows) => {
    await events.publishMany(
      'redemption.announced',
      rows.map((r) => ({
        key: r.user_id,
        data: {
          redemption_id: r._id,
          coupon_id: r.coupon_id,
          user_id: r.user_id,
          character_id: r.character_id,
          block_id: r.block_id,
          is_debug: r.is_debug,
          redeemed_at: r.redeemed_at,
        },
      })),
      tx,
    );
  },
);

export const engagementFacts: FactsOwner = { owner: 'engagement', sections: [couponsSection, redemptionsSection] };
