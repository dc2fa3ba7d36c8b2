import { randomUUID } from 'node:crypto';
import type { Eventing, Transaction } from '@talkwith/platform';
import type { AppError } from '@talkwith/platform';
import type { LedgerAsset } from '@talkwith/proto/billing';
import { announce } from './announce.ts';
import {
  openEntries,
  openLots,
  openWallets,
  SPEND_ORDER,
  WALLET_FIELD,
  type Entry,
  type Lot,
  type LotPart,
  type Wallet,
} from './model.ts';
import { ledgerErrors } from '../errors.ts';

/**
 * The one ledger of both assets (tickets, points): lots + append-only
 * entries + the wallet's cached total, changed together in the caller's
 * transaction with the entry's event. Every decrement is a guarded `$inc`
 * whose matched count is checked, so a balance can never go below zero.
 */

/** What an entry says besides its amount (who, why, for which talk). */
export type EntryFacts = Pick<
  Entry,
  'code' | 'source' | 'character_id' | 'btn' | 'action_code' | 'reason' | 'admin_id' | 'ref'
>;

export interface LotGrant extends EntryFacts {
  user_id: string;
  asset: LedgerAsset;
  amount: number;
  expires_at: string;
  now: Date;
}

export interface Spend extends EntryFacts {
  user_id: string;
  asset: LedgerAsset;
  amount: number;
  kind: 'used' | 'removed';
  now: Date;
}

export interface Changed {
  entry: Entry;
  /** The wallet's total of this asset after the change. */
  balance: number;
}

const INSUFFICIENT = {
  tickets: () => ledgerErrors.insufficientTickets(),
  points: () => ledgerErrors.insufficientPoints(),
} as const;

export function insufficient(asset: LedgerAsset): AppError {
  return INSUFFICIENT[asset]();
}

/** Opens the user's wallet if there is none (any account, however it was created); returns it. */
export async function ensureWallet(tx: Transaction, user_id: string, now: Date = new Date()): Promise<Wallet> {
  const wallets = openWallets(tx);
  await wallets.updateOne(
    { _id: user_id },
    { $setOnInsert: { points: 0, talk_tickets: 0, opened_at: now.toISOString() } },
    { upsert: true },
  );
  const wallet = await wallets.findOne({ _id: user_id });
  if (!wallet) throw ledgerErrors.walletMissing();
  return wallet;
}

function positiveInteger(amount: number, asset: LedgerAsset): void {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw ledgerErrors.notPositive(asset);
  }
}

async function moveWallet(tx: Transaction, user_id: string, asset: LedgerAsset, delta: number): Promise<number> {
  const field = WALLET_FIELD[asset];
  const guard = delta < 0 ? { [field]: { $gte: -delta } } : {};
  const wallet = await openWallets(tx).findOneAndUpdate({ _id: user_id, ...guard }, { $inc: { [field]: delta } });
  if (!wallet) throw insufficient(asset);
  return wallet[field];
}

async function append(tx: Transaction, events: Eventing, entry: Omit<Entry, '_id'>): Promise<Entry> {
  const stored = await openEntries(tx).insertOne({ _id: randomUUID(), ...entry });
  await announce(events, tx, stored);
  return stored;
}

/** A grant: a new lot, the wallet's total up, an `added` entry and its event. */
export async function addLot(tx: Transaction, events: Eventing, grant: LotGrant): Promise<Changed & { lot: Lot }> {
  positiveInteger(grant.amount, grant.asset);
  const { user_id, asset, amount, expires_at, now, ...facts } = grant;
  await ensureWallet(tx, user_id, now);
  const at = now.toISOString();
  const lot = await openLots(tx).insertOne({
    _id: randomUUID(),
    user_id,
    asset,
    granted: amount,
    remaining: amount,
    granted_at: at,
    expires_at,
    ...(facts.source ? { source: facts.source } : {}),
    ...(facts.code ? { code: facts.code } : {}),
    ...(facts.ref ? { ref: facts.ref } : {}),
  });
  const balance = await moveWallet(tx, user_id, asset, amount);
  const entry = await append(tx, events, {
    user_id,
    asset,
    delta: amount,
    kind: 'added',
    parts: [{ lot_id: lot._id, amount }],
    at,
    expires_at,
    ...facts,
  });
  return { lot, balance, entry };
}

/** Takes `amount` from one lot, only if it still holds it (the guard makes a concurrent or repeated take fail, not overdraw). */
async function takeFromLot(
  tx: Transaction,
  lot: Lot,
  amount: number,
  extraGuard: Record<string, unknown> = {},
): Promise<boolean> {
  const result = await openLots(tx).updateOne(
    { _id: lot._id, remaining: { $gte: amount }, ...extraGuard },
    { $inc: { remaining: -amount } },
  );
  return result.matchedCount === 1;
}

/** Plans which lots pay for `amount`: those that expire first, then the oldest. */
function planSpend(lots: Lot[], amount: number): LotPart[] | null {
  const parts: LotPart[] = [];
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    parts.push({ lot_id: lot._id, amount: take });
    left -= take;
  }
  return left === 0 ? parts : null;
}

/**
 * A use or an operator's removal: spends unexpired lots in spend order, the
 * wallet's total down, one entry with the parts it took. Lots already past
 * their expiry are written off first, so the cached total never counts them.
 */
export async function spend(tx: Transaction, events: Eventing, request: Spend): Promise<Changed> {
  positiveInteger(request.amount, request.asset);
  const { user_id, asset, amount, kind, now, ...facts } = request;
  await ensureWallet(tx, user_id, now);
  await writeOffDueLotsOf(tx, events, user_id, asset, now);
  const at = now.toISOString();
  const lots = await openLots(tx).find(
    { user_id, asset, remaining: { $gt: 0 }, expires_at: { $gt: at } },
    { sort: SPEND_ORDER },
  );
  const parts = planSpend(lots, amount);
  if (!parts) throw insufficient(asset);
  const byId = new Map(lots.map((lot) => [lot._id, lot]));
  for (const part of parts) {
    if (!(await takeFromLot(tx, byId.get(part.lot_id)!, part.amount))) throw insufficient(asset);
  }
  const balance = await moveWallet(tx, user_id, asset, -amount);
  const entry = await append(tx, events, { user_id, asset, delta: -amount, kind, parts, at, ...facts });
  return { entry, balance };
}

/**
 * Writes off what is left of one expired lot (`expired`, LP0001 for points).
 * Guarded on the remaining the caller saw: a second sweep, or one running
 * at the same time, matches nothing and writes nothing.
 */
export async function writeOffLot(tx: Transaction, events: Eventing, lot: Lot, now: Date): Promise<number> {
  const at = now.toISOString();
  if (lot.remaining <= 0 || lot.expires_at > at) return 0;
  if (!(await takeFromLot(tx, lot, lot.remaining, { remaining: lot.remaining, expires_at: { $lte: at } }))) return 0;
  await moveWallet(tx, lot.user_id, lot.asset, -lot.remaining);
  await append(tx, events, {
    user_id: lot.user_id,
    asset: lot.asset,
    delta: -lot.remaining,
    kind: 'expired',
    parts: [{ lot_id: lot._id, amount: lot.remaining }],
    at,
    expires_at: lot.expires_at,
    ...(lot.asset === 'points' ? { code: 'LP0001' as const } : {}),
  });
  return lot.remaining;
}

/** Writes off every lot of one user and asset whose expiry has passed; returns how much. */
export async function writeOffDueLotsOf(
  tx: Transaction,
  events: Eventing,
  user_id: string,
  asset: LedgerAsset,
  now: Date,
): Promise<number> {
  const due = await openLots(tx).find({
    user_id,
    asset,
    remaining: { $gt: 0 },
    expires_at: { $lte: now.toISOString() },
  });
  let total = 0;
  for (const lot of due) total += await writeOffLot(tx, events, lot, now);
  return total;
}

/** Takes back what is left of every lot granted under `ref` (a cancelled purchase): one `removed` entry per lot. */
export async function removeLotsOf(
  tx: Transaction,
  events: Eventing,
  request: Omit<Spend, 'amount' | 'kind'> & { ref: string },
): Promise<number> {
  return removeLots(tx, events, request, { ref: request.ref });
}

/** Takes what is left of every lot of the user's asset (a deleted account forfeits its balance): one `removed` entry per lot. */
export async function removeAllLotsOf(
  tx: Transaction,
  events: Eventing,
  request: Omit<Spend, 'amount' | 'kind'>,
): Promise<number> {
  return removeLots(tx, events, request, {});
}

async function removeLots(
  tx: Transaction,
  events: Eventing,
  request: Omit<Spend, 'amount' | 'kind'>,
  which: { ref?: string },
): Promise<number> {
  const { user_id, asset, now, ...facts } = request;
  await writeOffDueLotsOf(tx, events, user_id, asset, now);
  const lots = await openLots(tx).find({ user_id, asset, ...which, remaining: { $gt: 0 } }, { sort: SPEND_ORDER });
  let total = 0;
  for (const lot of lots) {
    if (!(await takeFromLot(tx, lot, lot.remaining, { remaining: lot.remaining }))) continue;
    await moveWallet(tx, user_id, asset, -lot.remaining);
    await append(tx, events, {
      user_id,
      asset,
      delta: -lot.remaining,
      kind: 'removed',
      parts: [{ lot_id: lot._id, amount: lot.remaining }],
      at: now.toISOString(),
      ...facts,
    });
    total += lot.remaining;
  }
  return total;
}
