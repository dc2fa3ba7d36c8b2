import { randomUUID } from 'node:crypto';
import { type Platform, type Transaction } from '@talkwith/platform';
import { audited } from '@talkwith/platform/eventing';
import type { ChangeBlockBody, ChangeSerialTypeBody, Coupon, SerialGenerateBody } from '@talkwith/proto/engagement';
import { newCodes } from './codes.ts';
import { openCharacterNames, openCoupons, openSerials, type CouponDoc, type SerialDoc } from './model.ts';
import { couponWithCounts } from './queries.ts';
import { serialErrors } from '../errors.ts';

type Ports = Pick<Platform, 'store' | 'events'>;

/** An instant as stored: canonical UTC ISO, so stored times compare as strings. */
const canonical = (iso: string | null | undefined): string | null => (iso ? new Date(iso).toISOString() : null);

/**
 * A batch of `count` new serials (API.md § Serials): the coupon, all its
 * serials (one insertMany), `coupon.saved` and the audit entry commit
 * together or not at all.
 */
export async function generateCoupon(
  ports: Ports,
  adminId: string,
  body: SerialGenerateBody,
  now = new Date(),
): Promise<Coupon> {
  const valid_from = canonical(body.valid_from);
  const valid_until = canonical(body.valid_until);
  if (valid_from && valid_until && valid_until <= valid_from) throw serialErrors.windowOrder();
  const created_at = now.toISOString();
  const coupon: CouponDoc = {
    _id: randomUUID(),
    name: body.name,
    prefix: body.prefix ?? '',
    character_id: body.character_id,
    block_id: body.block_id,
    tickets: body.tickets ?? 0,
    valid_from,
    valid_until,
    is_debug: body.is_debug ?? false,
    count: body.count,
    created_at,
    created_by: adminId,
  };
  const serials: SerialDoc[] = newCodes(coupon.prefix, body.count).map((code) => ({
    _id: code,
    coupon_id: coupon._id,
    character_id: coupon.character_id,
    block_id: coupon.block_id,
    is_debug: coupon.is_debug,
    redeemed_by: null,
    redeemed_at: null,
    redemptions: 0,
    created_at,
  }));
  return audited(
    ports,
    { adminId },
    'serials.generated',
    async (tx) => {
      await requirePublishedBlock(tx, coupon.character_id, coupon.block_id);
      await openCoupons(tx).insertOne(coupon);
      await openSerials(tx).insertMany(serials);
      await publishSaved(ports, tx, coupon);
      return couponWithCounts(tx, coupon);
    },
    (saved) => ({
      coupon_id: saved.coupon_id,
      count: saved.count,
      character_id: saved.character_id,
      block_id: saved.block_id,
      is_debug: saved.is_debug,
    }),
  );
}

/** The block the coupon unlocks from now on: its unused serials move, redeemed ones keep the block they unlocked. */
export async function changeBlock(ports: Ports, adminId: string, body: ChangeBlockBody): Promise<Coupon> {
  return audited(
    ports,
    { adminId },
    'serials.block_changed',
    async (tx) => {
      const before = await couponOrThrow(tx, body.coupon_id);
      await requirePublishedBlock(tx, before.character_id, body.block_id);
      const coupon = { ...before, block_id: body.block_id };
      await openCoupons(tx).updateOne({ _id: coupon._id }, { $set: { block_id: body.block_id } });
      await openSerials(tx).updateMany(
        { coupon_id: coupon._id, redemptions: 0 },
        { $set: { block_id: body.block_id } },
      );
      await publishSaved(ports, tx, coupon, before.block_id);
      return couponWithCounts(tx, coupon);
    },
    (saved) => ({ coupon_id: saved.coupon_id, block_id: saved.block_id }),
  );
}

/** Debug (staff only, repeatable, out of statistics) or not, for every serial of the coupon. */
export async function changeSerialType(ports: Ports, adminId: string, body: ChangeSerialTypeBody): Promise<Coupon> {
  return audited(
    ports,
    { adminId },
    'serials.type_changed',
    async (tx) => {
      const coupon = { ...(await couponOrThrow(tx, body.coupon_id)), is_debug: body.is_debug };
      await openCoupons(tx).updateOne({ _id: coupon._id }, { $set: { is_debug: body.is_debug } });
      await openSerials(tx).updateMany({ coupon_id: coupon._id }, { $set: { is_debug: body.is_debug } });
      await publishSaved(ports, tx, coupon);
      return couponWithCounts(tx, coupon);
    },
    (saved) => ({ coupon_id: saved.coupon_id, is_debug: saved.is_debug }),
  );
}

/**
 * A batch names a block the catalog published for that character
 * (`character.published`, projected in `character_names`): an unknown
 * character or block is 400 `DANGLING_REFERENCE` naming it.
 */
async function requirePublishedBlock(tx: Transaction, characterId: string, blockId: string): Promise<void> {
  const character = await openCharacterNames(tx).findOne({ _id: characterId });
  if (!character) throw serialErrors.characterUnpublished(characterId);
  if (character.block_ids && !character.block_ids.includes(blockId)) {
    throw serialErrors.unknownBlock(blockId);
  }
}

async function couponOrThrow(tx: Transaction, couponId: string): Promise<CouponDoc> {
  const coupon = await openCoupons(tx).findOne({ _id: couponId });
  if (!coupon) throw serialErrors.couponNotFound();
  return coupon;
}

async function publishSaved(ports: Ports, tx: Transaction, coupon: CouponDoc, previousBlockId?: string): Promise<void> {
  await ports.events.publish(
    'coupon.saved',
    coupon._id,
    {
      coupon_id: coupon._id,
      character_id: coupon.character_id,
      block_id: coupon.block_id,
      name: coupon.name,
      is_debug: coupon.is_debug,
      tickets: coupon.tickets,
      ...(previousBlockId !== undefined && previousBlockId !== coupon.block_id
        ? { previous_block_id: previousBlockId }
        : {}),
    },
    tx,
  );
}
