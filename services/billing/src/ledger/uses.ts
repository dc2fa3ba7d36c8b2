import type { Eventing, Proofs, TicketUseClaims, Transaction } from '@talkwith/platform';
import { TICKET_USE_TTL_SECONDS } from '@talkwith/platform';
import type { UsePointsBody, UseTicketReply } from '@talkwith/proto/billing';
import { requireLiveAccount } from '../accounts/index.ts';
import { requireActionPrice } from '../catalog/index.ts';
import { grantPoints, grantTickets } from './grants.ts';
import { ensureWallet, spend } from './ledger.ts';

/**
 * What the ledger's routes do, as plain functions of a transaction (the
 * routes run them through idempotent(), and admin ones through audited()).
 */

export interface TalkTicketUse {
  user_id: string;
  character_id: string;
  btn: string;
  now?: Date;
}

/**
 * One talk ticket for one talk (SPEC.md §7 POST talk tickets); 409
 * INSUFFICIENT_TICKETS when none is left. The answer carries `use_token`, a
 * proof of this use for this user and character (3 hours from the use):
 * dialogue starts the talk with it, catalog serves the whole dialogue for it.
 * It is part of the stored answer, so a replayed key answers the same token
 * (which does not live longer for being asked again).
 */
export async function useTalkTicket(
  tx: Transaction,
  events: Eventing,
  use: TalkTicketUse,
  proofs: Proofs<typeof TicketUseClaims>,
): Promise<UseTicketReply> {
  const now = use.now ?? new Date();
  const { balance, entry } = await spend(tx, events, {
    user_id: use.user_id,
    asset: 'tickets',
    amount: 1,
    kind: 'used',
    character_id: use.character_id,
    btn: use.btn,
    now,
  });
  // The use's entry id names the use: a talk released before its first reply gives it back by this id (talk-release.ts).
  const use_token = proofs.sign(
    { use_id: entry._id, user_id: use.user_id, character_id: use.character_id },
    { ttlSeconds: TICKET_USE_TTL_SECONDS, now },
  );
  return { ok: true, used: 1, talk_tickets: balance, use_id: entry._id, use_token };
}

/**
 * A customer spends points on an action (TA0001; POST /api/points/use): the
 * price is the published character's (400 VALIDATION_FAILED for an unknown
 * character or action, or points that are not the price), and a short
 * balance is INSUFFICIENT_POINTS (402 at the route: paymentRequiredWhenShort), nothing written.
 */
export async function usePoints(
  tx: Transaction,
  events: Eventing,
  user_id: string,
  use: UsePointsBody,
  now = new Date(),
): Promise<{ ok: true; used: number; points: number }> {
  await requireActionPrice(tx, use);
  const { balance } = await spend(tx, events, {
    user_id,
    asset: 'points',
    amount: use.points,
    kind: 'used',
    code: 'TA0001',
    action_code: use.action_code,
    character_id: use.character_id,
    btn: use.btn,
    now,
  });
  return { ok: true, used: use.points, points: balance };
}

export interface OperatorChange {
  user_id: string;
  admin_id: string;
  amount: number;
  reason: string;
  /** The operator's idempotency key: the lot's ref, so the grant can be traced to the request. */
  ref: string;
  expires_at?: string;
  now?: Date;
}

export interface OperatorResult {
  ok: true;
  user_id: string;
  changed: number;
  lot_id?: string;
}

/** Operators act only on accounts identity announced and did not delete: 404 「ユーザーが見つかりません。」 for a mistyped or deleted id, nothing written. */
export async function operatorGivesTickets(
  tx: Transaction,
  events: Eventing,
  change: OperatorChange,
): Promise<OperatorResult & { talk_tickets: number }> {
  await requireLiveAccount(tx, change.user_id);
  const { lot_id } = await grantTickets(tx, events, {
    user_id: change.user_id,
    count: change.amount,
    source: 'operator',
    ref: change.ref,
    reason: change.reason,
    admin_id: change.admin_id,
    ...(change.expires_at ? { expires_at: change.expires_at } : {}),
    ...(change.now ? { now: change.now } : {}),
  });
  const wallet = await ensureWallet(tx, change.user_id);
  return { ok: true, user_id: change.user_id, changed: change.amount, lot_id, talk_tickets: wallet.talk_tickets };
}

/** History kind `removed`: never below zero (409 INSUFFICIENT_TICKETS). */
export async function operatorRemovesTickets(
  tx: Transaction,
  events: Eventing,
  change: OperatorChange,
): Promise<OperatorResult & { talk_tickets: number }> {
  await requireLiveAccount(tx, change.user_id);
  const { balance } = await spend(tx, events, {
    user_id: change.user_id,
    asset: 'tickets',
    amount: change.amount,
    kind: 'removed',
    reason: change.reason,
    admin_id: change.admin_id,
    ref: change.ref,
    now: change.now ?? new Date(),
  });
  return { ok: true, user_id: change.user_id, changed: -change.amount, talk_tickets: balance };
}

/** MA0001. */
export async function operatorGivesPoints(
  tx: Transaction,
  events: Eventing,
  change: OperatorChange,
): Promise<OperatorResult & { points: number }> {
  await requireLiveAccount(tx, change.user_id);
  const { lot_id } = await grantPoints(tx, events, {
    user_id: change.user_id,
    points: change.amount,
    code: 'MA0001',
    ref: change.ref,
    reason: change.reason,
    admin_id: change.admin_id,
    ...(change.now ? { now: change.now } : {}),
  });
  const wallet = await ensureWallet(tx, change.user_id);
  return { ok: true, user_id: change.user_id, changed: change.amount, lot_id, points: wallet.points };
}

/** MA0009: never below zero (409 INSUFFICIENT_POINTS). */
export async function operatorCancelsPoints(
  tx: Transaction,
  events: Eventing,
  change: OperatorChange,
): Promise<OperatorResult & { points: number }> {
  await requireLiveAccount(tx, change.user_id);
  const { balance } = await spend(tx, events, {
    user_id: change.user_id,
    asset: 'points',
    amount: change.amount,
    kind: 'removed',
    code: 'MA0009',
    reason: change.reason,
    admin_id: change.admin_id,
    ref: change.ref,
    now: change.now ?? new Date(),
  });
  return { ok: true, user_id: change.user_id, changed: -change.amount, points: balance };
}
