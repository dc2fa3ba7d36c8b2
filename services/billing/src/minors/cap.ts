import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { AppError } from '@talkwith/platform';
import { ageInJapanOn, ADULT_AGE, japanDateOf } from '@talkwith/proto/identity';
import { accountOf } from '../accounts/index.ts';
import type { BillingConfig } from '../config.ts';
import { callErrors } from '../errors.ts';

/**
 * The minors' monthly spending cap (terms: minors need guardian consent;
 * defaults as Japanese app platforms use: under 16 ¥5,000, 16–17 ¥10,000).
 *
 * Every charge of a minor reserves its amount on the month's counter
 * (`minor_spend_months`, one document per user and Japan calendar month)
 * before the provider hears of it, by a guarded `$inc` (`spent <= cap -
 * amount`): of two purchases racing for the last yen, one matches and the
 * other is refused. The reservation (`minor_spend_reservations`, `_id` = the
 * purchase id or the period's orderId) says what to give back: a charge that
 * fails gives back all of it, a refund what was refunded. So the counter is
 * the month's captured and in-flight charges minus refunds. Reserving twice
 * for one charge (a repeat, a takeover after a crash) reserves once.
 */
export interface SpendMonth {
  _id: string;
  user_id: string;
  /** YYYY-MM, Japan time. */
  month: string;
  spent: number;
  [key: string]: unknown;
}

export interface SpendReservation {
  _id: string;
  user_id: string;
  month: string;
  amount: number;
  /** Yen given back so far (a failed charge, refunds). */
  released: number;
  at: string;
  [key: string]: unknown;
}

export function openSpendMonths(store: DocumentStore | Transaction): Collection<SpendMonth> {
  return store.collection<SpendMonth>('minor_spend_months');
}

export function openSpendReservations(store: DocumentStore | Transaction): Collection<SpendReservation> {
  return store.collection<SpendReservation>('minor_spend_reservations');
}

/** The month's cap for this date of birth on that day, or null: an adult, or a date of birth billing does not know. */
export function monthlyCapOf(config: BillingConfig, dateOfBirth: string | undefined, at: Date): number | null {
  const age = ageInJapanOn(dateOfBirth, at);
  if (age === null || age >= ADULT_AGE) return null;
  return age < 16 ? config.MINOR_MONTHLY_CAP_UNDER_16 : config.MINOR_MONTHLY_CAP_16_17;
}

/** The first day of the next Japan calendar month, as `{month, day}` for the message and as the instant it begins. */
export function capResetOf(at: Date): { month: number; resetsAt: string } {
  const [year, month] = japanDateOf(at).split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month, 1) - 9 * 3600_000);
  return { month: (month % 12) + 1, resetsAt: next.toISOString() };
}

export function capReached(cap: number, spent: number, at: Date, what: '購入' | 'お支払い'): AppError {
  const { month, resetsAt } = capResetOf(at);
  return callErrors.spendingCap(cap, spent, what, month, resetsAt);
}

export interface SpendRequest {
  userId: string;
  /** The purchase id, or the subscription period's orderId. */
  ref: string;
  amount: number;
  now: Date;
  what: '購入' | 'お支払い';
  /**
   * Count it even past the cap: a charge the provider may already have made
   * (a claim taken over after its holder died) is counted, never refused.
   */
  force?: boolean;
}

/**
 * Reserves a charge on the minor's month, in the caller's transaction, or
 * throws 403 SPENDING_CAP naming the cap and when it resets. Adults and
 * accounts whose date of birth billing does not know pass untouched.
 */
export async function reserveSpend(tx: Transaction, config: BillingConfig, request: SpendRequest): Promise<void> {
  const reservations = openSpendReservations(tx);
  if (await reservations.findOne({ _id: request.ref }, { projection: { _id: 1 } })) return;
  const account = await accountOf(tx, request.userId);
  const cap = monthlyCapOf(config, account?.date_of_birth, request.now);
  if (cap === null) return;
  const month = japanDateOf(request.now).slice(0, 7);
  const months = openSpendMonths(tx);
  const _id = `${request.userId}:${month}`;
  await months.updateOne({ _id }, { $setOnInsert: { user_id: request.userId, month, spent: 0 } }, { upsert: true });
  const guard = request.force ? {} : { spent: { $lte: cap - request.amount } };
  const taken = await months.updateOne({ _id, ...guard }, { $inc: { spent: request.amount } });
  if (taken.matchedCount !== 1) {
    const spent = (await months.findOne({ _id }))?.spent ?? 0;
    throw capReached(cap, spent, request.now, request.what);
  }
  await reservations.insertOne({
    _id: request.ref,
    user_id: request.userId,
    month,
    amount: request.amount,
    released: 0,
    at: request.now.toISOString(),
  });
}

/** Gives back `amount` (default: all that is left) of a charge's reservation, in the caller's transaction; nothing when there is none. */
export async function releaseSpend(tx: Transaction, ref: string, amount?: number): Promise<void> {
  const reservations = openSpendReservations(tx);
  const reservation = await reservations.findOne({ _id: ref });
  if (!reservation) return;
  const give = Math.min(amount ?? Infinity, reservation.amount - reservation.released);
  if (give <= 0) return;
  const taken = await reservations.updateOne(
    { _id: ref, released: reservation.released },
    { $inc: { released: give } },
  );
  if (taken.matchedCount !== 1) return;
  await openSpendMonths(tx).updateOne(
    { _id: `${reservation.user_id}:${reservation.month}` },
    { $inc: { spent: -give } },
  );
}

/** Yen the user has spent in the Japan calendar month of `at` (0 for adults and for months without a charge). */
export async function spentInMonth(store: DocumentStore | Transaction, userId: string, at: Date): Promise<number> {
  return (await openSpendMonths(store).findOne({ _id: `${userId}:${japanDateOf(at).slice(0, 7)}` }))?.spent ?? 0;
}
