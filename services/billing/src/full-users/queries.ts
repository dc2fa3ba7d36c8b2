import { type DocumentStore, type Filter } from '@talkwith/platform';
import type { FullUserReply, FullUserRow, FullUsersQuery, FullUsersReply } from '@talkwith/proto/billing';
import { openAccounts, type BillingAccount } from '../accounts/model.ts';
import { openLots, openWallets } from '../ledger/model.ts';
import { openPurchases } from '../purchases/records.ts';
import { adminViewOf } from '../subscriptions/operator.ts';
import { openSubscriptions, type SubscriptionRecord } from '../subscriptions/records.ts';
import { effectiveStatus } from '../subscriptions/state.ts';
import { callErrors } from '../errors.ts';

export const PAGE_SIZE = 20;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function filterOf(query: FullUsersQuery): Filter {
  const q = query.q?.trim();
  const deleted =
    query.deleted === undefined ? {} : query.deleted ? { deleted_at: { $ne: null } } : { deleted_at: null };
  if (!q) return deleted;
  return { ...deleted, $or: [{ _id: q }, { email: { $regex: escape(q), $options: 'i' } }] };
}

/** The best status of a user's plans now: active, then cancelled inside its period, else inactive. */
function planStatusOf(records: SubscriptionRecord[], now: Date): FullUserRow['plan_status'] {
  const statuses = records.map((r) => effectiveStatus(r, now));
  return statuses.includes('active') ? 'active' : statuses.includes('canceled') ? 'canceled' : 'inactive';
}

/** full/users: accounts newest first, 20 a page, with their cached wallet totals and plan status. */
export async function listFullUsers(store: DocumentStore, query: FullUsersQuery, now: Date): Promise<FullUsersReply> {
  const page = query.page ?? 1;
  const filter = filterOf(query);
  const accounts = openAccounts(store);
  const [rows, total] = await Promise.all([
    accounts.find(filter, { sort: { registered_at: -1, _id: 1 }, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    accounts.countDocuments(filter),
  ]);
  const ids = rows.map((r) => r._id);
  const [wallets, subscriptions] = await Promise.all([
    openWallets(store).find({ _id: { $in: ids } }),
    openSubscriptions(store).find({ user_id: { $in: ids } }),
  ]);
  const users = rows.map((account): FullUserRow => {
    const wallet = wallets.find((w) => w._id === account._id);
    return {
      user_id: account._id,
      email: account.email,
      registered_at: account.registered_at,
      deleted_at: account.deleted_at,
      talk_tickets: wallet?.talk_tickets ?? 0,
      points: wallet?.points ?? 0,
      plan_status: planStatusOf(
        subscriptions.filter((s) => s.user_id === account._id),
        now,
      ),
    };
  });
  return { ok: true, users, total, page, page_size: PAGE_SIZE };
}

async function holdings(store: DocumentStore, userId: string, now: Date): Promise<FullUserReply['wallet']> {
  const lots = await openLots(store).find(
    { user_id: userId, remaining: { $gt: 0 }, expires_at: { $gt: now.toISOString() } },
    { projection: { asset: 1, remaining: 1 } },
  );
  const sum = (asset: string) => lots.filter((l) => l.asset === asset).reduce((total, l) => total + l.remaining, 0);
  return { talk_tickets: sum('tickets'), points: sum('points') };
}

async function purchaseSummary(store: DocumentStore, userId: string): Promise<FullUserReply['purchases']> {
  const paid = await openPurchases(store).find(
    { user_id: userId, status: { $in: ['captured', 'canceled'] } },
    { projection: { amount: 1, refunded: 1, created_at: 1 }, sort: { created_at: -1 } },
  );
  return {
    count: paid.length,
    captured_yen: paid.reduce((sum, p) => sum + p.amount, 0),
    refunded_yen: paid.reduce((sum, p) => sum + (p.refunded ?? 0), 0),
    ...(paid[0] ? { last_at: paid[0].created_at } : {}),
  };
}

function userOf(account: BillingAccount): FullUserReply['user'] {
  return {
    user_id: account._id,
    email: account.email,
    registered_at: account.registered_at,
    deleted_at: account.deleted_at,
    ...(account.date_of_birth ? { date_of_birth: account.date_of_birth } : {}),
  };
}

/** full/users/{id}: one account, deleted ones included (operators keep finding their money records), 404 when billing never heard of it. */
export async function fullUser(store: DocumentStore, userId: string, now: Date): Promise<FullUserReply> {
  const account = await openAccounts(store).findOne({ _id: userId });
  if (!account) throw callErrors.userNotFound();
  const [wallet, subscriptions, purchases] = await Promise.all([
    holdings(store, userId, now),
    openSubscriptions(store).find({ user_id: userId }, { sort: { created_at: 1 } }),
    purchaseSummary(store, userId),
  ]);
  return { ok: true, user: userOf(account), wallet, subscriptions: subscriptions.map(adminViewOf), purchases };
}
