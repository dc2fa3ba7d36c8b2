import { Type, type Static } from '@sinclair/typebox';
import { CardId, CardToken, Iso, Page, Reason, UserId, Yen } from './common.ts';
import { NameTranslations } from './product-texts.ts';

/** The purchases area's HTTP bodies and replies (services/billing/API.md § Purchases). */

const ProductId = Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_:.-]+$' });
const PurchaseId = Type.String({ minLength: 1, maxLength: 64 });
const OrderId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

export const PurchaseMethod = Type.Union([Type.Literal('credit'), Type.Literal('convenience')]);
export type PurchaseMethod = Static<typeof PurchaseMethod>;

export const PurchaseKind = Type.Union([
  Type.Literal('character'),
  Type.Literal('tickets'),
  Type.Literal('points'),
  Type.Literal('subscription'),
]);
export type PurchaseKind = Static<typeof PurchaseKind>;

export const ProductView = Type.Object({
  product_id: ProductId,
  kind: PurchaseKind,
  name: Type.String({ description: 'the Japanese name' }),
  name_i18n: Type.Optional(NameTranslations),
  amount: Yen,
  tickets: Type.Optional(Type.Integer({ minimum: 1 })),
  points: Type.Optional(Type.Integer({ minimum: 1 })),
  character_id: Type.Optional(Type.String()),
  plan_code: Type.Optional(Type.String()),
  period_months: Type.Optional(Type.Integer({ minimum: 1 })),
  methods: Type.Array(PurchaseMethod),
});
export type ProductView = Static<typeof ProductView>;

export const ProductsReply = Type.Object({ ok: Type.Literal(true), products: Type.Array(ProductView) });
export type ProductsReply = Static<typeof ProductsReply>;

export const PurchaseStatus = Type.Union(
  [
    Type.Literal('created'),
    Type.Literal('challenge'),
    Type.Literal('pending'),
    Type.Literal('unknown'),
    Type.Literal('captured'),
    Type.Literal('failed'),
    Type.Literal('canceled'),
  ],
  {
    description:
      'created: sent to the provider; challenge: waiting for 3-D Secure; pending/unknown: outcome being searched; captured: paid and granted; failed: not charged; canceled: refunded and taken back',
  },
);
export type PurchaseStatus = Static<typeof PurchaseStatus>;

export const PurchaseView = Type.Object({
  purchase_id: PurchaseId,
  product_id: ProductId,
  kind: PurchaseKind,
  name: Type.String({ description: 'the Japanese name as sold' }),
  name_i18n: Type.Optional(NameTranslations),
  amount: Yen,
  refunded: Yen,
  status: PurchaseStatus,
  order_id: Type.String({
    description: "the merchant orderId sent to the card provider (long; the charge's idempotency key)",
  }),
  order_number: Type.String({
    description: 'the short order number people read and quote (e.g. TW-2611-7K3Q); receipts, mails and support use it',
  }),
  created_at: Iso,
  settled_at: Type.Optional(Iso),
  character_id: Type.Optional(Type.String()),
  tickets: Type.Optional(Type.Integer({ minimum: 1 })),
  points: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type PurchaseView = Static<typeof PurchaseView>;

/** What operators see besides: who, how it was paid, what the provider answered. */
export const AdminPurchaseView = Type.Composite([
  PurchaseView,
  Type.Object({
    user_id: Type.String(),
    source: Type.Union([Type.Literal('card'), Type.Literal('manual'), Type.Literal('subscription')]),
    attempts: Type.Integer({ minimum: 0 }),
    provider_result: Type.Optional(
      Type.Object({ vResultCode: Type.String(), mstatus: Type.String(), message: Type.Optional(Type.String()) }),
    ),
    note: Type.Optional(Type.String()),
  }),
]);
export type AdminPurchaseView = Static<typeof AdminPurchaseView>;

export const AuthorizeBody = Type.Object(
  {
    product_id: ProductId,
    token: Type.Optional(CardToken),
    card_id: Type.Optional(CardId),
    save_card: Type.Optional(Type.Boolean()),
    mpi: Type.Optional(
      Type.Union([Type.Literal('mpi-complete'), Type.Literal('mpi-merchant'), Type.Literal('mpi-none')]),
    ),
    method: Type.Optional(PurchaseMethod),
  },
  { additionalProperties: false },
);
export type AuthorizeBody = Static<typeof AuthorizeBody>;

export const MpiNoneBody = Type.Object({ product_id: ProductId, card_id: CardId }, { additionalProperties: false });
export type MpiNoneBody = Static<typeof MpiNoneBody>;

export const OrderIdBody = Type.Object({ order_id: OrderId }, { additionalProperties: false });
export type OrderIdBody = Static<typeof OrderIdBody>;

export const PurchaseIdBody = Type.Object({ purchase_id: PurchaseId }, { additionalProperties: false });
export type PurchaseIdBody = Static<typeof PurchaseIdBody>;

export const CancelDecrementBody = Type.Object(
  { purchase_id: PurchaseId, amount: Type.Integer({ minimum: 1, maximum: 10_000_000 }) },
  { additionalProperties: false },
);
export type CancelDecrementBody = Static<typeof CancelDecrementBody>;

/** The answer of every step of the card flow. next: done (settled), challenge (go to challenge_url), pending (202, PAYMENT_PENDING: ask again with card/result/get). */
export const PurchaseFlowReply = Type.Object({
  ok: Type.Literal(true),
  purchase: PurchaseView,
  next: Type.Union([Type.Literal('done'), Type.Literal('challenge'), Type.Literal('pending')]),
  challenge_url: Type.Optional(Type.String()),
  code: Type.Optional(Type.Literal('PAYMENT_PENDING')),
  message: Type.Optional(Type.String()),
});
export type PurchaseFlowReply = Static<typeof PurchaseFlowReply>;

export const PurchaseReply = Type.Object({ ok: Type.Literal(true), purchase: PurchaseView });
export type PurchaseReply = Static<typeof PurchaseReply>;

export const SavedCardView = Type.Object({
  card_id: Type.String(),
  masked: Type.String({ description: 'e.g. ************1111: the provider keeps the number' }),
  expiry: Type.String({ description: 'MM/YY' }),
  brand: Type.String(),
  default: Type.Boolean(),
});
export type SavedCardView = Static<typeof SavedCardView>;

export const CardListBody = Type.Object({}, { additionalProperties: false });
export type CardListBody = Static<typeof CardListBody>;
export const AddCardBody = Type.Object(
  { token: CardToken, default: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type AddCardBody = Static<typeof AddCardBody>;
export const UpdateCardBody = Type.Object({ card_id: CardId, token: CardToken }, { additionalProperties: false });
export type UpdateCardBody = Static<typeof UpdateCardBody>;
export const CardIdBody = Type.Object({ card_id: CardId }, { additionalProperties: false });
export type CardIdBody = Static<typeof CardIdBody>;
/** card/info/delete: a card that pays an active plan needs `replacement_card_id` (another saved card the plan moves to), else 409 CARD_IN_USE. */
export const DeleteCardBody = Type.Object(
  {
    card_id: CardId,
    replacement_card_id: Type.Optional(CardId),
  },
  { additionalProperties: false },
);
export type DeleteCardBody = Static<typeof DeleteCardBody>;

export const CardsReply = Type.Object({ ok: Type.Literal(true), cards: Type.Array(SavedCardView) });
export type CardsReply = Static<typeof CardsReply>;
export const CardReply = Type.Object({ ok: Type.Literal(true), card: SavedCardView });
export type CardReply = Static<typeof CardReply>;
export const CardDeletedReply = Type.Object({ ok: Type.Literal(true) });
export type CardDeletedReply = Static<typeof CardDeletedReply>;

export const HistoryGetBody = Type.Object(
  {
    user_id: UserId,
    page: Type.Optional(Page),
  },
  { additionalProperties: false },
);
export type HistoryGetBody = Static<typeof HistoryGetBody>;
export const HistoryReply = Type.Object({
  ok: Type.Literal(true),
  purchases: Type.Array(PurchaseView),
  total: Type.Integer({ minimum: 0 }),
});
export type HistoryReply = Static<typeof HistoryReply>;

export const HistoryInsertBody = Type.Object(
  {
    user_id: UserId,
    product_id: ProductId,
    amount: Yen,
    note: Reason,
  },
  { additionalProperties: false },
);
export type HistoryInsertBody = Static<typeof HistoryInsertBody>;

export const EntitlementsReply = Type.Object({ ok: Type.Literal(true), character_ids: Type.Array(Type.String()) });
export type EntitlementsReply = Static<typeof EntitlementsReply>;

export const AdminPaymentHistoryQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    user_id: Type.Optional(UserId),
    order_number: Type.Optional(
      Type.String({
        minLength: 4,
        maxLength: 100,
        pattern: '^[A-Za-z0-9 _-]+$',
        description:
          'a short order number as a customer reads it (case, spaces and hyphens do not matter), or a merchant orderId',
      }),
    ),
    status: Type.Optional(PurchaseStatus),
    from: Type.Optional(Iso),
    to: Type.Optional(Iso),
  },
  { additionalProperties: false },
);
export type AdminPaymentHistoryQuery = Static<typeof AdminPaymentHistoryQuery>;

export const AdminPurchasesReply = Type.Object({
  ok: Type.Literal(true),
  purchases: Type.Array(AdminPurchaseView),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
});
export type AdminPurchasesReply = Static<typeof AdminPurchasesReply>;

export const AdminPurchaseReply = Type.Object({ ok: Type.Literal(true), purchase: AdminPurchaseView });
export type AdminPurchaseReply = Static<typeof AdminPurchaseReply>;

export const PurchaseIdParams = Type.Object({ purchase_id: PurchaseId });
export type PurchaseIdParams = Static<typeof PurchaseIdParams>;

export const AdminCancelDecrementBody = Type.Object(
  { amount: Type.Integer({ minimum: 1, maximum: 10_000_000 }), reason: Reason },
  { additionalProperties: false },
);
export type AdminCancelDecrementBody = Static<typeof AdminCancelDecrementBody>;

export const AdminCancelBody = Type.Object(
  { purchase_id: PurchaseId, reason: Reason },
  { additionalProperties: false },
);
export type AdminCancelBody = Static<typeof AdminCancelBody>;
