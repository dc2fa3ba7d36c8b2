import { Type } from '@sinclair/typebox';
import { defineEvent } from '../envelope/index.ts';

const UserId = Type.String({ minLength: 1 });
const Id = Type.String({ minLength: 1 });
const At = Type.String({ format: 'date-time' });

export const CouponSaved = defineEvent(
  'coupon.saved',
  1,
  Type.Object({
    coupon_id: Id,
    character_id: Id,
    block_id: Id,
    previous_block_id: Type.Optional(Id),
    name: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "the batch's name, so the catalog can name it when a block delete is refused",
      }),
    ),
    is_debug: Type.Boolean(),
    tickets: Type.Integer({ minimum: 0 }),
  }),
  'A serial batch was generated, or an admin changed the block it unlocks or its type. The catalog locks the block for everyone who has not redeemed a serial of it.',
);

export const SerialRedeemed = defineEvent(
  'serial.redeemed',
  1,
  Type.Object({
    redemption_id: Id,
    serial_masked: Type.String({
      description: 'the code with all but its last 3 characters masked (the code itself never travels)',
    }),
    coupon_id: Id,
    user_id: UserId,
    character_id: Id,
    block_id: Id,
    tickets: Type.Integer({
      minimum: 0,
      description: 'talk tickets billing grants (source serial, ref = redemption_id)',
    }),
    is_debug: Type.Boolean(),
    redeemed_at: At,
  }),
  'A customer redeemed a serial: the catalog unlocks the block for them, billing grants the tickets.',
);

export const CampaignJoined = defineEvent(
  'campaign.entered',
  1,
  Type.Object({
    entry_id: Id,
    campaign_id: Id,
    user_id: UserId,
    grant: Type.Union([
      Type.Object({ kind: Type.Literal('points'), amount: Type.Integer({ minimum: 1 }) }),
      Type.Object({ kind: Type.Literal('tickets'), amount: Type.Integer({ minimum: 1 }) }),
    ]),
    entered_at: At,
  }),
  'A customer entered a campaign (once per campaign): billing grants its points (CP0001) or tickets (source campaign, ref = entry_id).',
);

export const ContactReceived = defineEvent(
  'contact.received',
  1,
  Type.Object({
    contact_id: Id,
    user_id: Type.Union([UserId, Type.Null()]),
    category: Type.Integer({ minimum: 0, maximum: 5 }),
    channel: Type.Union([Type.Literal('contact'), Type.Literal('contact_dev')]),
    received_at: At,
  }),
  'A contact form was sent (the message and address stay in engagement); engagement mails the receipt.',
);

export const CouponAnnounced = defineEvent(
  'coupon.announced',
  1,
  Type.Object({
    coupon_id: Id,
    character_id: Id,
    block_id: Id,
    name: Type.Optional(Type.String({ maxLength: 200 })),
    is_debug: Type.Boolean(),
  }),
  'A serial batch as it is now (the block it unlocks), announced again because a service keeping a projection of serial gates asked (facts.requested, owner engagement). Projections upsert it unless they hold a newer state.',
);

export const RedemptionAnnounced = defineEvent(
  'redemption.announced',
  1,
  Type.Object({
    redemption_id: Id,
    coupon_id: Id,
    user_id: UserId,
    character_id: Id,
    block_id: Id,
    is_debug: Type.Boolean(),
    redeemed_at: At,
  }),
  'A redemption of a live account, announced again because a service keeping a projection of unlocked blocks asked (facts.requested, owner engagement). Projections record the unlock if they lack it; it is not a redemption: nothing is granted on it.',
);

export const engagementEvents = [
  CouponSaved,
  SerialRedeemed,
  CouponAnnounced,
  RedemptionAnnounced,
  CampaignJoined,
  ContactReceived,
];
