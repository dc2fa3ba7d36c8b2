import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { EntryKind, LedgerAsset, PointCode, TicketSource } from '@talkwith/proto/billing';

/** A user's cached totals: only ever changed by guarded `$inc` in the transaction that writes the matching entry. */
export interface Wallet {
  _id: string;
  points: number;
  talk_tickets: number;
  opened_at: string;
  [key: string]: unknown;
}

/** One grant. `remaining` only ever decreases (use, removal, expiry); the lot itself is never deleted. */
export interface Lot {
  _id: string;
  user_id: string;
  asset: LedgerAsset;
  granted: number;
  remaining: number;
  granted_at: string;
  expires_at: string;
  source?: TicketSource;
  code?: PointCode;
  ref?: string;
  [key: string]: unknown;
}

/** How much of which lot one entry took (a use may span several lots). */
export interface LotPart {
  lot_id: string;
  amount: number;
}

/** One line of the append-only ledger: never updated or deleted (a deleted account's lines stay, for accounting). */
export interface Entry {
  _id: string;
  user_id: string;
  asset: LedgerAsset;
  delta: number;
  kind: EntryKind;
  parts: LotPart[];
  at: string;
  code?: PointCode;
  source?: TicketSource;
  character_id?: string;
  btn?: string;
  action_code?: string;
  expires_at?: string;
  reason?: string;
  admin_id?: string;
  ref?: string;
  [key: string]: unknown;
}

/** Marks a day's login bonus as given: its `_id` (user + Japan date) is the once-per-day guarantee. */
export interface DailyBonus {
  _id: string;
  user_id: string;
  day: string;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;
export const openWallets = (store: Store): Collection<Wallet> => store.collection<Wallet>('wallets');
export const openLots = (store: Store): Collection<Lot> => store.collection<Lot>('ledger_lots');
export const openEntries = (store: Store): Collection<Entry> => store.collection<Entry>('ledger_entries');
export const openDailyBonuses = (store: Store): Collection<DailyBonus> =>
  store.collection<DailyBonus>('ledger_daily_bonuses');

/** Which wallet field caches which asset. */
export const WALLET_FIELD = { tickets: 'talk_tickets', points: 'points' } as const satisfies Record<
  LedgerAsset,
  keyof Wallet
>;

/** Lots are spent in this order: the one that expires first, then the oldest. */
export const SPEND_ORDER = { expires_at: 1, granted_at: 1, _id: 1 } as const;

export async function ensureLedgerIndexes(store: DocumentStore): Promise<void> {
  await openLots(store).createIndex({ user_id: 1, asset: 1, expires_at: 1, granted_at: 1 });
  await openLots(store).createIndex({ expires_at: 1 });
  await openLots(store).createIndex({ user_id: 1, asset: 1, ref: 1 });
  await openEntries(store).createIndex({ user_id: 1, asset: 1, at: -1 });
  await openEntries(store).createIndex({ asset: 1, code: 1, at: -1 });
  await openDailyBonuses(store).createIndex({ user_id: 1 });
}
