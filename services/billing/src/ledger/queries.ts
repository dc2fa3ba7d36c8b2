import type { DocumentStore, Eventing } from '@talkwith/platform';
import type { LedgerAsset, WalletReply } from '@talkwith/proto/billing';
import { ensureWallet, writeOffDueLotsOf } from './ledger.ts';
import { openLots, openWallets, SPEND_ORDER, type Lot, type Wallet } from './model.ts';

/**
 * The caller's wallet, opened if missing (admin-created accounts never sent
 * user.registered); lots already past expiry are written off first, so the
 * totals shown never include them even if the sweep has not run yet.
 */
export async function currentWallet(
  store: DocumentStore,
  events: Eventing,
  user_id: string,
  now = new Date(),
): Promise<Wallet> {
  // The common case reads only: an open wallet with nothing due. A write transaction is taken only to open or write off.
  const [opened, due] = await Promise.all([
    openWallets(store).findOne({ _id: user_id }),
    openLots(store).findOne(
      { user_id, remaining: { $gt: 0 }, expires_at: { $lte: now.toISOString() } },
      { projection: { _id: 1 } },
    ),
  ]);
  if (opened && !due) return opened;
  return store.withTransaction(async (tx) => {
    await ensureWallet(tx, user_id, now);
    await writeOffDueLotsOf(tx, events, user_id, 'tickets', now);
    await writeOffDueLotsOf(tx, events, user_id, 'points', now);
    return ensureWallet(tx, user_id, now);
  });
}

/** A user's lots of one asset that still hold something, soonest to expire first. */
export async function openLotsOf(
  store: DocumentStore,
  user_id: string,
  asset: LedgerAsset,
  now = new Date(),
): Promise<Lot[]> {
  return openLots(store).find(
    { user_id, asset, remaining: { $gt: 0 }, expires_at: { $gt: now.toISOString() } },
    { sort: SPEND_ORDER },
  );
}

/** The wallet reply: totals plus the soonest expiring lot of each asset. */
export async function walletReply(
  store: DocumentStore,
  events: Eventing,
  user_id: string,
  now = new Date(),
): Promise<WalletReply> {
  const wallet = await currentWallet(store, events, user_id, now);
  const [ticket] = await openLotsOf(store, user_id, 'tickets', now);
  const [point] = await openLotsOf(store, user_id, 'points', now);
  const next_expiry = {
    ...(ticket ? { tickets: { count: ticket.remaining, expires_at: ticket.expires_at } } : {}),
    ...(point ? { points: { points: point.remaining, expires_at: point.expires_at } } : {}),
  };
  return {
    ok: true as const,
    points: wallet.points,
    talk_tickets: wallet.talk_tickets,
    ...(ticket || point ? { next_expiry } : {}),
  };
}
