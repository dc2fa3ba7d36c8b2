import { Type } from '@sinclair/typebox';
import { defineEvent } from '../envelope/index.ts';

const UserId = Type.String({ minLength: 1 });
const Id = Type.String({ minLength: 1 });
const At = Type.String({ format: 'date-time' });

/** Why tickets were granted (SPEC.md §4 talk ticket history kind `added`). */
export const TicketSource = Type.Union(
  [
    Type.Literal('purchase'),
    Type.Literal('subscription'),
    Type.Literal('serial'),
    Type.Literal('operator'),
    Type.Literal('campaign'),
    Type.Literal('released'),
  ],
  {
    description:
      'purchase: bought; subscription: a period of a plan; serial: a redeemed code; operator: given by an admin; campaign: a campaign entered; released: given back for a talk that failed before its first reply (talk.released)',
  },
);

/** SPEC.md §4 point transaction codes. */
export const PointCode = Type.Union(
  [
    Type.Literal('SU0001'),
    Type.Literal('MA0001'),
    Type.Literal('MA0009'),
    Type.Literal('TA0001'),
    Type.Literal('LB0001'),
    Type.Literal('LP0001'),
    Type.Literal('PU0001'),
    Type.Literal('CP0001'),
  ],
  {
    description:
      'SU0001 from a subscription; MA0001 given by an operator; MA0009 cancelled by an operator; TA0001 used; LB0001 login bonus; LP0001 expired (SPEC.md §4); PU0001 bought with a card and CP0001 from a campaign (ours: §4 names no code for the point packs the shop sells or for campaigns)',
  },
);

export const ProductKind = Type.Union(
  [Type.Literal('character'), Type.Literal('subscription'), Type.Literal('tickets'), Type.Literal('points')],
  { description: 'SPEC.md §3 product kinds (character, subscription) plus the ticket and point packs the shop sells' },
);

export const PurchaseCompleted = defineEvent(
  'purchase.completed',
  1,
  Type.Object({
    purchase_id: Id,
    user_id: UserId,
    order_id: Type.String({ minLength: 1, description: 'the merchant orderId sent to the card provider' }),
    order_number: Type.Optional(Type.String({ description: 'the short order number people read (TW-2611-7K3Q)' })),
    product_id: Id,
    kind: ProductKind,
    amount: Type.Integer({ minimum: 0, description: 'yen charged' }),
    character_id: Type.Optional(Id),
    completed_at: At,
  }),
  'A card payment was captured and what it bought was granted (character unlocked, tickets or points added), in the same transaction.',
);

export const PurchaseCanceled = defineEvent(
  'purchase.canceled',
  1,
  Type.Object({
    purchase_id: Id,
    user_id: UserId,
    order_id: Type.String({ minLength: 1 }),
    amount: Type.Integer({ minimum: 0 }),
    by: Type.Union([Type.Literal('user'), Type.Literal('admin'), Type.Literal('system')]),
    canceled_at: At,
  }),
  'A captured purchase was cancelled (refunded at the provider) and what it granted was taken back.',
);

export const PurchaseRefunded = defineEvent(
  'purchase.refunded',
  1,
  Type.Object({
    purchase_id: Id,
    user_id: UserId,
    order_id: Type.String({ minLength: 1 }),
    amount: Type.Integer({ minimum: 1, description: 'yen this refund gave back' }),
    refunded: Type.Integer({ minimum: 1, description: 'yen refunded of the purchase so far, this refund included' }),
    whole: Type.Boolean({
      description: 'the purchase is now refunded in full (purchase.canceled follows in the same transaction)',
    }),
    refunded_at: At,
  }),
  "A refund (partial or whole) of a captured purchase was made at the provider and booked: the admin home subtracts it from the day's revenue.",
);

export const TicketGranted = defineEvent(
  'ticket.granted',
  1,
  Type.Object({
    user_id: UserId,
    lot_id: Id,
    count: Type.Integer({ minimum: 1 }),
    source: TicketSource,
    expires_at: At,
    ref: Type.Optional(
      Type.String({ description: 'the purchase, subscription period, serial or admin action that granted them' }),
    ),
  }),
  'Talk tickets were added to a wallet (history kind added).',
);

export const TicketUsed = defineEvent(
  'ticket.used',
  1,
  Type.Object({
    user_id: UserId,
    count: Type.Integer({ minimum: 1 }),
    character_id: Id,
    btn: Type.String(),
    used_at: At,
    use_id: Type.Optional(Id),
  }),
  'A talk ticket was spent on a talk (history kind used).',
);

export const TicketExpired = defineEvent(
  'ticket.expired',
  1,
  Type.Object({ user_id: UserId, lot_id: Id, count: Type.Integer({ minimum: 1 }), expired_at: At }),
  'Unused tickets of a lot reached their expiry (history kind expired).',
);

export const TicketRemoved = defineEvent(
  'ticket.removed',
  1,
  Type.Object({
    user_id: UserId,
    count: Type.Integer({ minimum: 1 }),
    admin_id: Type.Optional(UserId),
    reason: Type.String(),
    removed_at: At,
  }),
  'An operator (or a cancelled purchase) took tickets back (history kind removed).',
);

export const TicketExpiring = defineEvent(
  'ticket.expiring',
  1,
  Type.Object({
    user_id: UserId,
    lot_id: Id,
    count: Type.Integer({ minimum: 1, description: 'tickets of the lot still unused' }),
    expires_at: At,
  }),
  'A lot with unused tickets expires within the reminder window (7 days): engagement reminds the customer. Published once per lot.',
);

export const PointsGranted = defineEvent(
  'points.granted',
  1,
  Type.Object({
    user_id: UserId,
    lot_id: Id,
    points: Type.Integer({ minimum: 1 }),
    code: PointCode,
    expires_at: At,
    ref: Type.Optional(Type.String()),
  }),
  'Points were added (SU0001, MA0001, LB0001, or a bought pack).',
);

export const PointsUsed = defineEvent(
  'points.used',
  1,
  Type.Object({
    user_id: UserId,
    points: Type.Integer({ minimum: 1 }),
    code: PointCode,
    action_code: Type.Optional(Type.String()),
    character_id: Type.Optional(Type.String()),
    btn: Type.Optional(Type.String()),
    used_at: At,
  }),
  'Points left a wallet: spent (TA0001), cancelled by an operator (MA0009) or expired (LP0001).',
);

export const SubscriptionStatus = Type.Union([
  Type.Literal('inactive'),
  Type.Literal('active'),
  Type.Literal('canceled'),
]);
export const SubscriptionEventKind = Type.Union([
  Type.Literal('subscribe'),
  Type.Literal('cancel'),
  Type.Literal('finish'),
  Type.Literal('renew'),
  Type.Literal('resubscribe'),
  Type.Literal('change'),
]);

const SubscriptionFacts = {
  subscription_id: Id,
  user_id: UserId,
  product_code: Type.String(),
  group_id: Type.Optional(Type.String()),
  status: SubscriptionStatus,
  period_start: At,
  period_end: At,
};

const PeriodOrderId = Type.Optional(
  Type.String({
    minLength: 1,
    description:
      'the merchant orderId of the period charged (sub-{id}-{N}); its purchase record has the same _id and the short order number',
  }),
);

export const SubscriptionStarted = defineEvent(
  'subscription.started',
  1,
  Type.Object({ ...SubscriptionFacts, event: SubscriptionEventKind, order_id: PeriodOrderId }),
  "A subscription became active: subscribe or resubscribe with its first period charged (order_id), a cancelled one resumed inside its paid period, or an operator's grant (no order_id).",
);
export const SubscriptionRenewed = defineEvent(
  'subscription.renewed',
  1,
  Type.Object({
    ...SubscriptionFacts,
    period: Type.Integer({ minimum: 1 }),
    amount: Type.Integer({ minimum: 0 }),
    order_id: PeriodOrderId,
  }),
  'A period was charged exactly once and its tickets granted.',
);
export const SubscriptionCanceled = defineEvent(
  'subscription.canceled',
  1,
  Type.Object({
    ...SubscriptionFacts,
    reason_id: Type.Optional(
      Type.String({ minLength: 1, description: 'the cancellation reason chosen (cancel_reasons/list)' }),
    ),
    reason_label: Type.Optional(Type.String({ minLength: 1, description: 'its label when chosen' })),
    reason_text: Type.Optional(
      Type.String({ minLength: 1, maxLength: 500, description: 'the free text given with it' }),
    ),
    by: Type.Optional(
      Type.Union([Type.Literal('user'), Type.Literal('operator')], {
        description: 'who cancelled (absent: the subscriber)',
      }),
    ),
  }),
  'The subscriber cancelled: it stays usable to the end of the paid period, then finishes.',
);
export const SubscriptionChanged = defineEvent(
  'subscription.changed',
  1,
  Type.Object({ ...SubscriptionFacts, previous_group_id: Type.Optional(Type.String()) }),
  'The subscriber moved the subscription to another group.',
);
export const SubscriptionFinished = defineEvent(
  'subscription.finished',
  1,
  Type.Object({
    ...SubscriptionFacts,
    reason: Type.Union([Type.Literal('canceled'), Type.Literal('payment_failed'), Type.Literal('account_deleted')]),
  }),
  'A subscription ended: a cancelled one at its period end, after renewal charges kept failing, or at once when its account was deleted (the paid period ends then: period_end is the moment it ended).',
);
export const SubscriptionRenewalFailed = defineEvent(
  'subscription.renewal_failed',
  1,
  Type.Object({
    ...SubscriptionFacts,
    period: Type.Integer({ minimum: 1, description: 'the period whose charge was declined' }),
    attempt: Type.Integer({ minimum: 1, description: 'how many charges of that period have been declined so far' }),
    amount: Type.Integer({ minimum: 0 }),
    retry_at: Type.Optional(At),
    card_masked: Type.Optional(Type.String()),
    cause: Type.Optional(
      Type.Union([Type.Literal('declined'), Type.Literal('spending_cap')], {
        description:
          "declined (absent: the same): the card was not charged; spending_cap: a minor's renewal would pass the month's cap, so it was not sent to the card at all",
      }),
    ),
  }),
  'A renewal charge was declined (or there was no card). With retry_at the plan stays active and is charged again then; without it that was the last try and subscription.finished (payment_failed) follows in the same transaction.',
);

export const CharacterPurchaseAnnounced = defineEvent(
  'purchase.announced',
  1,
  Type.Object({
    purchase_id: Id,
    user_id: UserId,
    character_id: Id,
    status: Type.Union([Type.Literal('captured'), Type.Literal('canceled')], {
      description: 'captured: the character is owned by it; canceled: taken back',
    }),
    at: At,
  }),
  'A character purchase as it is now (captured or cancelled), announced again because a service keeping a projection of entitlements asked (facts.requested, owner billing). Projections upsert it unless they hold a newer state; nothing is charged, mailed or counted on it.',
);
export const SubscriptionAnnounced = defineEvent(
  'subscription.announced',
  1,
  Type.Object({ ...SubscriptionFacts }),
  'A subscription as it is now, announced again because a service keeping a projection of entitlements asked (facts.requested, owner billing). Projections upsert it unless they hold a newer state; nothing is charged, mailed or counted on it.',
);

export const billingEvents = [
  PurchaseCompleted,
  PurchaseCanceled,
  PurchaseRefunded,
  TicketGranted,
  TicketUsed,
  TicketExpired,
  TicketExpiring,
  TicketRemoved,
  PointsGranted,
  PointsUsed,
  SubscriptionStarted,
  SubscriptionRenewed,
  SubscriptionCanceled,
  SubscriptionChanged,
  SubscriptionFinished,
  SubscriptionRenewalFailed,
  CharacterPurchaseAnnounced,
  SubscriptionAnnounced,
];
