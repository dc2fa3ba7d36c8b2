import type { Eventing, Transaction } from '@talkwith/platform';
import type { PointCode, TicketSource } from '@talkwith/proto/billing';
import { expiryOf } from './calendar.ts';
import { addLot, removeLotsOf } from './ledger.ts';
import { ledgerTerms } from './terms.ts';

/**
 * What other billing areas call (API.md § Ledger), always inside their own
 * transaction, so a purchase or a renewal and what it grants commit together.
 */

export interface GrantTickets {
  user_id: string;
  count: number;
  source: TicketSource;
  ref: string;
  /** A deadline stated at grant; the lot expires then if it comes before the usual term. */
  expires_at?: string;
  now?: Date;
  reason?: string;
  admin_id?: string;
}

export async function grantTickets(
  tx: Transaction,
  events: Eventing,
  grant: GrantTickets,
): Promise<{ lot_id: string }> {
  const now = grant.now ?? new Date();
  const { lot } = await addLot(tx, events, {
    user_id: grant.user_id,
    asset: 'tickets',
    amount: grant.count,
    source: grant.source,
    ref: grant.ref,
    now,
    expires_at: expiryOf(now, ledgerTerms().ticketExpiryMonths, grant.expires_at),
    ...(grant.reason ? { reason: grant.reason } : {}),
    ...(grant.admin_id ? { admin_id: grant.admin_id } : {}),
  });
  return { lot_id: lot._id };
}

export interface GrantPoints {
  user_id: string;
  points: number;
  code: PointCode;
  ref: string;
  now?: Date;
  reason?: string;
  admin_id?: string;
}

export async function grantPoints(tx: Transaction, events: Eventing, grant: GrantPoints): Promise<{ lot_id: string }> {
  const now = grant.now ?? new Date();
  const { lot } = await addLot(tx, events, {
    user_id: grant.user_id,
    asset: 'points',
    amount: grant.points,
    code: grant.code,
    ref: grant.ref,
    now,
    expires_at: expiryOf(now, ledgerTerms().pointsExpiryMonths),
    ...(grant.reason ? { reason: grant.reason } : {}),
    ...(grant.admin_id ? { admin_id: grant.admin_id } : {}),
  });
  return { lot_id: lot._id };
}

/** A cancelled purchase takes back what is left of the tickets it granted (history kind `removed`); returns how many. */
export async function revokeTicketsOf(
  tx: Transaction,
  events: Eventing,
  request: { user_id: string; ref: string; reason: string; admin_id?: string; now?: Date },
): Promise<number> {
  return removeLotsOf(tx, events, {
    user_id: request.user_id,
    asset: 'tickets',
    ref: request.ref,
    reason: request.reason,
    now: request.now ?? new Date(),
    ...(request.admin_id ? { admin_id: request.admin_id } : {}),
  });
}

/** A cancelled purchase takes back what is left of the points it granted (MA0009); returns how many. */
export async function revokePointsOf(
  tx: Transaction,
  events: Eventing,
  request: { user_id: string; ref: string; admin_id?: string; reason?: string; now?: Date },
): Promise<number> {
  return removeLotsOf(tx, events, {
    user_id: request.user_id,
    asset: 'points',
    ref: request.ref,
    code: 'MA0009',
    reason: request.reason ?? `revoked ${request.ref}`,
    now: request.now ?? new Date(),
    ...(request.admin_id ? { admin_id: request.admin_id } : {}),
  });
}
