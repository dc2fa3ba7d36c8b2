import { Type, type Static } from '@sinclair/typebox';
import { PointCode as PointCodeSchema, TicketSource as TicketSourceSchema } from '../events/billing.ts';
import { Iso, Page, Reason, UserId } from './common.ts';

// The ledger area's HTTP bodies and replies (services/billing/API.md § Ledger).

export type TicketSource = Static<typeof TicketSourceSchema>;
export type PointCode = Static<typeof PointCodeSchema>;

/** What a lot holds: talk tickets or points (one ledger implementation serves both). */
export const LedgerAsset = Type.Union([Type.Literal('tickets'), Type.Literal('points')]);
export type LedgerAsset = Static<typeof LedgerAsset>;

/** SPEC.md §4 talk ticket history kinds; points use the same kinds beside their codes. */
export const EntryKind = Type.Union([
  Type.Literal('added'),
  Type.Literal('used'),
  Type.Literal('expired'),
  Type.Literal('removed'),
]);
export type EntryKind = Static<typeof EntryKind>;

const Count = Type.Integer({ minimum: 1, maximum: 10_000, description: 'talk tickets' });
const Points = Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'points' });
const CharacterId = Type.String({ minLength: 1, maxLength: 64 });
const Btn = Type.String({
  minLength: 1,
  maxLength: 128,
  description: 'the button (talk start) the ticket or points were used for',
});

export const TicketLotView = Type.Object({
  lot_id: Type.String(),
  granted: Type.Integer(),
  remaining: Type.Integer(),
  expires_at: Iso,
  granted_at: Iso,
  source: TicketSourceSchema,
});
export type TicketLotView = Static<typeof TicketLotView>;
export const PointLotView = Type.Object({
  lot_id: Type.String(),
  granted: Type.Integer(),
  remaining: Type.Integer(),
  expires_at: Iso,
  granted_at: Iso,
  code: PointCodeSchema,
});
export type PointLotView = Static<typeof PointLotView>;

/** One line of a ledger: deltas are signed (grants positive, uses, removals and expiries negative). */
export const LedgerHistoryItem = Type.Object({
  at: Iso,
  asset: LedgerAsset,
  kind: EntryKind,
  delta: Type.Integer(),
  code: Type.Optional(PointCodeSchema),
  source: Type.Optional(TicketSourceSchema),
  character_id: Type.Optional(Type.String()),
  btn: Type.Optional(Type.String()),
  action_code: Type.Optional(Type.String()),
  expires_at: Type.Optional(Iso),
  reason: Type.Optional(Type.String()),
  admin_id: Type.Optional(Type.String()),
});
export type LedgerHistoryItem = Static<typeof LedgerHistoryItem>;

export const AvailableTicketsReply = Type.Object({
  ok: Type.Literal(true),
  talk_tickets: Type.Integer({ minimum: 0 }),
  lots: Type.Array(TicketLotView),
});
export type AvailableTicketsReply = Static<typeof AvailableTicketsReply>;
export const AvailablePointsReply = Type.Object({
  ok: Type.Literal(true),
  points: Type.Integer({ minimum: 0 }),
  lots: Type.Array(PointLotView),
});
export type AvailablePointsReply = Static<typeof AvailablePointsReply>;

export const TicketsSumBody = Type.Object({ user_id: UserId }, { additionalProperties: false });
export type TicketsSumBody = Static<typeof TicketsSumBody>;
export const TicketsSumReply = Type.Object({ ok: Type.Literal(true), total: Type.Integer({ minimum: 0 }) });
export type TicketsSumReply = Static<typeof TicketsSumReply>;

/** SPEC.md §3 talk ticket payload: one ticket for one talk. */
export const UseTicketBody = Type.Object(
  { user_id: UserId, character_id: CharacterId, btn: Btn },
  { additionalProperties: false },
);
export type UseTicketBody = Static<typeof UseTicketBody>;
export const UseTicketReply = Type.Object({
  ok: Type.Literal(true),
  used: Type.Literal(1),
  talk_tickets: Type.Integer({ minimum: 0 }),
  use_id: Type.String({
    description:
      'this use: the talk names it (ticket_use_id) so a talk that fails before its first reply gives the ticket back',
  }),
  use_token: Type.String({
    description:
      'a proof of this use (use_id, user, character) valid 3 hours from the use: POST /api/dialogue/talks takes it as ticket_use_token, and the character routes serve the whole dialogue with it. A replay of the same Idempotency-Key answers the same token',
  }),
});
export type UseTicketReply = Static<typeof UseTicketReply>;

/** SPEC.md §3 points use payload. */
export const UsePointsBody = Type.Object(
  { points: Points, action_code: Type.String({ minLength: 1, maxLength: 64 }), character_id: CharacterId, btn: Btn },
  { additionalProperties: false },
);
export type UsePointsBody = Static<typeof UsePointsBody>;
export const UsePointsReply = Type.Object({
  ok: Type.Literal(true),
  used: Type.Integer({ minimum: 1 }),
  points: Type.Integer({ minimum: 0 }),
});
export type UsePointsReply = Static<typeof UsePointsReply>;

export const LedgerHistoryBody = Type.Object(
  { user_id: UserId, asset: Type.Optional(LedgerAsset), page: Type.Optional(Page) },
  { additionalProperties: false },
);
export type LedgerHistoryBody = Static<typeof LedgerHistoryBody>;
export const LedgerHistoryReply = Type.Object({
  ok: Type.Literal(true),
  historyState: Type.Object({
    items: Type.Array(LedgerHistoryItem),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
  }),
});
export type LedgerHistoryReply = Static<typeof LedgerHistoryReply>;

export const AdminTicketsReply = Type.Object({
  ok: Type.Literal(true),
  user_id: Type.String(),
  talk_tickets: Type.Integer({ minimum: 0 }),
  lots: Type.Array(TicketLotView),
  entries: Type.Array(LedgerHistoryItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
});
export type AdminTicketsReply = Static<typeof AdminTicketsReply>;
export const AdminPointsReply = Type.Object({
  ok: Type.Literal(true),
  user_id: Type.String(),
  points: Type.Integer({ minimum: 0 }),
  lots: Type.Array(PointLotView),
  entries: Type.Array(LedgerHistoryItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
});
export type AdminPointsReply = Static<typeof AdminPointsReply>;

export const AdminGiveTicketsBody = Type.Object(
  { count: Count, reason: Reason, expires_at: Type.Optional(Iso) },
  { additionalProperties: false },
);
export type AdminGiveTicketsBody = Static<typeof AdminGiveTicketsBody>;
export const AdminRemoveTicketsBody = Type.Object({ count: Count, reason: Reason }, { additionalProperties: false });
export type AdminRemoveTicketsBody = Static<typeof AdminRemoveTicketsBody>;
/** Reply of an operator's ticket grant or removal: the user's balance after it. */
export const AdminTicketsChangedReply = Type.Object({
  ok: Type.Literal(true),
  user_id: Type.String(),
  changed: Type.Integer(),
  talk_tickets: Type.Integer({ minimum: 0 }),
  lot_id: Type.Optional(Type.String()),
});
export type AdminTicketsChangedReply = Static<typeof AdminTicketsChangedReply>;

export const AdminPointsBody = Type.Object(
  { user_id: UserId, points: Points, reason: Reason },
  { additionalProperties: false },
);
export type AdminPointsBody = Static<typeof AdminPointsBody>;
export const AdminPointsChangedReply = Type.Object({
  ok: Type.Literal(true),
  user_id: Type.String(),
  changed: Type.Integer(),
  points: Type.Integer({ minimum: 0 }),
  lot_id: Type.Optional(Type.String()),
});
export type AdminPointsChangedReply = Static<typeof AdminPointsChangedReply>;

export const AdminPointHistoryQuery = Type.Object(
  { page: Type.Optional(Page), user_id: Type.Optional(UserId) },
  { additionalProperties: false },
);
export type AdminPointHistoryQuery = Static<typeof AdminPointHistoryQuery>;
export const AdminPointHistoryItem = Type.Object({
  at: Iso,
  user_id: Type.String(),
  code: PointCodeSchema,
  delta: Type.Integer(),
  reason: Type.Optional(Type.String()),
  admin_id: Type.Optional(Type.String()),
});
export const AdminPointHistoryReply = Type.Object({
  ok: Type.Literal(true),
  items: Type.Array(AdminPointHistoryItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
});
export type AdminPointHistoryReply = Static<typeof AdminPointHistoryReply>;
