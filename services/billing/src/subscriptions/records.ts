import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { PlanCode, SubscriptionView } from '@talkwith/proto/billing';
import { planOf } from './plans.ts';
import type { SubscriptionStatus } from './state.ts';

/** Why a charge of a period is being made (the event that asked for it). */
export type ChargeReason = 'subscribe' | 'resubscribe' | 'renew';

/**
 * The charge of one period while it is in flight. It doubles as a lease:
 * only the holder talks to the provider until `lease_until`; after that (the
 * holder died) the next one searches the same orderId before anything else.
 */
export interface ChargeInFlight {
  period: number;
  attempt: number;
  order_id: string;
  reason: ChargeReason;
  card_id: string;
  card_masked: string;
  lease_until: string;
  /** The Idempotency-Key of the subscriber's call that started it (absent for renewals). */
  idempotency_key?: string;
  /**
   * A first charge with a new card (a token, 3-D Secure): the provider keeps
   * the card at the charge, so `card_id` stays empty until it is known; the
   * cards the account had before tell the new one apart.
   */
  saves_card?: { known_card_ids: string[] };
  /** The 3-D Secure page the shopper was sent to; while it is set the lease is the challenge's (CHALLENGE_LEASE_MS). */
  challenge_url?: string;
}

/** A new card checked before it pays the plan: an authorisation without capture (3-D Secure where the provider asks), voided once passed. */
export interface CardChangeInFlight {
  order_id: string;
  /** The cards the account had before: the new one is the card the provider kept that is not among them. */
  known_card_ids: string[];
  lease_until: string;
  challenge_url?: string;
}

export interface SubscriptionRecord {
  _id: string;
  user_id: string;
  plan_code: PlanCode;
  status: SubscriptionStatus;
  group_id?: string;
  /** Periods paid (or granted by an operator) so far; period N+1 is the next one charged. */
  period: number;
  period_start?: string;
  period_end?: string;
  canceled_at?: string;
  /** The subscriber's (or operator's) free text given with the cancel. */
  cancel_reason?: string;
  /** The reason chosen from cancel_reasons/list, and its label then. */
  cancel_reason_id?: string;
  cancel_reason_label?: string;
  finished_reason?: 'canceled' | 'payment_failed' | 'account_deleted';
  /** The account was deleted (user.deleted): the subscription ended then and is never charged again (claimCharge refuses it). */
  account_deleted_at?: string;
  card?: { card_id: string; masked: string };
  /** The provider account (card membership) the card belongs to. */
  account_id: string;
  charge?: ChargeInFlight;
  /** Definitely failed attempts at the next period's charge (each used its own orderId). */
  failed_attempts: number;
  /** When the next renewal attempt may run (after a failed one). */
  retry_at?: string;
  /** A new card being checked for this plan (recurring/change_card with a token, card-change.ts). */
  card_change?: CardChangeInFlight;
  /** The last card check that ended (a repeat of its mpi_complete answers it again). */
  last_card_change?: { order_id: string; outcome: 'done' | 'declined' };
  note?: string;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

/** One settled period charge: its `_id` is the orderId, so a period is settled (and granted) at most once. */
export interface PeriodChargeRecord {
  _id: string;
  subscription_id: string;
  user_id: string;
  period: number;
  amount: number;
  reason: ChargeReason;
  /** The subscriber's Idempotency-Key that started it: a retry with that key after a crash answers the settled subscription. */
  idempotency_key?: string;
  settled_at: string;
  [key: string]: unknown;
}

export const SUBSCRIPTIONS = 'subscriptions';
export const PERIOD_CHARGES = 'subscription_charges';

export function openSubscriptions(store: DocumentStore | Transaction): Collection<SubscriptionRecord> {
  return store.collection<SubscriptionRecord>(SUBSCRIPTIONS);
}

export function openPeriodCharges(store: DocumentStore | Transaction): Collection<PeriodChargeRecord> {
  return store.collection<PeriodChargeRecord>(PERIOD_CHARGES);
}

export async function ensureSubscriptionIndexes(store: DocumentStore): Promise<void> {
  // One subscription per user per plan: later subscribes reuse the record (its period numbers, hence orderIds, go on).
  await openSubscriptions(store).createIndex({ user_id: 1, plan_code: 1 }, { unique: true });
  await openSubscriptions(store).createIndex({ status: 1, period_end: 1 });
  await openPeriodCharges(store).createIndex({ subscription_id: 1, period: 1 }, { unique: true });
}

/** The merchant orderId of a period's charge: the first attempt is `sub-{id}-{N}`; a retry after a definite decline gets its own. */
export function orderIdOf(subscriptionId: string, period: number, attempt: number): string {
  return attempt === 0 ? `sub-${subscriptionId}-${period}` : `sub-${subscriptionId}-${period}-r${attempt}`;
}

export function viewOf(record: SubscriptionRecord): SubscriptionView {
  const plan = planOf(record.plan_code);
  const nextChargeAt = record.status === 'active' ? (record.retry_at ?? record.period_end) : undefined;
  return {
    subscription_id: record._id,
    user_id: record.user_id,
    plan_code: record.plan_code,
    name: plan.name,
    status: record.status,
    amount: plan.amount,
    period: record.period,
    ...(record.group_id ? { group_id: record.group_id } : {}),
    ...(record.period_start ? { period_start: record.period_start } : {}),
    ...(record.period_end ? { period_end: record.period_end } : {}),
    ...(record.canceled_at ? { canceled_at: record.canceled_at } : {}),
    ...(nextChargeAt ? { next_charge_at: nextChargeAt } : {}),
    ...(record.finished_reason ? { finished_reason: record.finished_reason } : {}),
    ...(record.card ? { card: record.card } : {}),
  };
}
