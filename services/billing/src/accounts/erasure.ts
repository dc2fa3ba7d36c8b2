import type { Collection, DocumentStore, Platform, Transaction } from '@talkwith/platform';
import type { BillingDeps } from '../deps.ts';
import { ProviderRequestError } from '../provider/port.ts';
import { markSubscriptionChargeRefunded } from '../purchases/subscription-charges.ts';
import type { DetachedCharge } from '../subscriptions/account-deletion.ts';

export const ERASE_JOB = 'billing.erase_accounts';
/** A charge still at a 3-D Secure page or pending this long after the deletion is left to an operator (logged). */
const GIVE_UP_MS = 24 * 60 * 60_000;
const BATCH = 100;

/**
 * What is left to do at the card provider for a deleted account: delete its
 * saved cards, and search the charges that were in flight at the deletion
 * (refund what they captured). Written in the user.deleted transaction; the
 * provider is outside it, so a job (`billing.erase_accounts`) does the calls,
 * each safe to repeat, until `done_at`.
 */
export interface AccountErasure {
  _id: string;
  account_id: string | null;
  charges: Array<DetachedCharge & { resolved?: 'nothing_taken' | 'refunded' | 'given_up' }>;
  deleted_at: string;
  done_at?: string;
  cards_deleted?: number;
  [key: string]: unknown;
}

export function openErasures(store: DocumentStore | Transaction): Collection<AccountErasure> {
  return store.collection<AccountErasure>('billing_account_erasures');
}

/** In the user.deleted transaction: queue the provider's part (a redelivery finds it queued and adds nothing). */
export async function queueErasure(tx: Transaction, erasure: Omit<AccountErasure, 'done_at'>): Promise<void> {
  await openErasures(tx).updateOne({ _id: erasure._id }, { $setOnInsert: erasure }, { upsert: true });
}

type Charge = AccountErasure['charges'][number];

/** A charge whose holder's lease is over: refunded when the provider captured it, else nothing was taken. Null: not decided yet. */
async function resolveCharge(
  deps: BillingDeps,
  charge: Charge,
  deletedAt: string,
  now: Date,
): Promise<Charge['resolved'] | null> {
  if (charge.resolved) return charge.resolved;
  if (Date.parse(charge.lease_until) > now.getTime()) return null;
  const state = await deps.provider.search(charge.order_id);
  if (state.status === 'success' && state.capturedAmount > 0) {
    const after = await deps.provider.cancel(charge.order_id);
    await markSubscriptionChargeRefunded(deps.platform.store, charge.order_id, after.refundedAmount, now.toISOString());
    deps.platform.logger.warn(
      { order_id: charge.order_id },
      'a subscription charge in flight when its account was deleted was captured: refunded',
    );
    return 'refunded';
  }
  if (state.status !== 'challenge' && state.status !== 'pending') return 'nothing_taken';
  if (now.getTime() - Date.parse(deletedAt) < GIVE_UP_MS) return null;
  deps.platform.logger.error(
    { order_id: charge.order_id, status: state.status },
    'a charge of a deleted account is still open at the provider: check it by hand',
  );
  return 'given_up';
}

/** Deletes every card kept under the account (one already gone counts as deleted); returns how many it deleted. */
async function deleteCards(deps: BillingDeps, accountId: string | null): Promise<number> {
  if (!accountId) return 0;
  let deleted = 0;
  for (const card of await deps.provider.listCards(accountId)) {
    try {
      await deps.provider.deleteCard(accountId, card.cardId);
      deleted += 1;
    } catch (err) {
      if (!(err instanceof ProviderRequestError)) throw err;
    }
  }
  return deleted;
}

/** One deleted account: charges first (a late first charge may keep a card), then the cards; done when nothing is left open. */
export async function eraseAtProvider(deps: BillingDeps, erasure: AccountErasure, now: Date): Promise<boolean> {
  const charges: Charge[] = [];
  for (const charge of erasure.charges) {
    const resolved = await resolveCharge(deps, charge, erasure.deleted_at, now);
    charges.push(resolved ? { ...charge, resolved } : charge);
  }
  const cardsDeleted = (erasure.cards_deleted ?? 0) + (await deleteCards(deps, erasure.account_id));
  const done =
    charges.every((c) => c.resolved) &&
    (!erasure.account_id || (await deps.provider.listCards(erasure.account_id)).length === 0);
  await openErasures(deps.platform.store).updateOne(
    { _id: erasure._id },
    { $set: { charges, cards_deleted: cardsDeleted, ...(done ? { done_at: now.toISOString() } : {}) } },
  );
  return done;
}

/** The `billing.erase_accounts` job: every erasure not done yet, one at a time; a failure is tried again by the next run. */
export async function eraseDeletedAccounts(
  deps: BillingDeps,
  now: Date = new Date(),
): Promise<{ done: number; open: number }> {
  const counts = { done: 0, open: 0 };
  for (const erasure of await openErasures(deps.platform.store).find(
    { done_at: { $exists: false } },
    { sort: { deleted_at: 1 }, limit: BATCH },
  )) {
    try {
      counts[(await eraseAtProvider(deps, erasure, now)) ? 'done' : 'open'] += 1;
    } catch (err) {
      counts.open += 1;
      deps.platform.logger.error(
        { err, user_id: erasure._id },
        'erasing a deleted account at the card provider failed; the next run tries again',
      );
    }
  }
  return counts;
}

export function defineErasureJob(deps: BillingDeps): void {
  deps.platform.jobs.define(
    ERASE_JOB,
    async () => {
      const counts = await eraseDeletedAccounts(deps);
      if (counts.done + counts.open > 0)
        deps.platform.logger.info({ counts }, 'deleted accounts erased at the card provider');
    },
    { concurrency: 1 },
  );
}

export async function scheduleErasure(platform: Platform, everyMs: number): Promise<void> {
  await platform.jobs.repeat(ERASE_JOB, {}, { everyMs, repeatId: ERASE_JOB });
}
