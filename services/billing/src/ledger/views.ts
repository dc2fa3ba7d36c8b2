import type { DocumentStore, Filter } from '@talkwith/platform';
import type {
  AdminPointHistoryReply,
  LedgerAsset,
  LedgerHistoryItem,
  PointLotView,
  TicketLotView,
} from '@talkwith/proto/billing';
import { openEntries, type Entry, type Lot } from './model.ts';

export const PAGE_SIZE = 20;

export function historyItemOf(entry: Entry): LedgerHistoryItem {
  const optional = [
    'code',
    'source',
    'character_id',
    'btn',
    'action_code',
    'expires_at',
    'reason',
    'admin_id',
  ] as const;
  const item: LedgerHistoryItem = { at: entry.at, asset: entry.asset, kind: entry.kind, delta: entry.delta };
  for (const key of optional) if (entry[key] !== undefined) Object.assign(item, { [key]: entry[key] });
  return item;
}

export function ticketLotView(lot: Lot): TicketLotView {
  return {
    lot_id: lot._id,
    granted: lot.granted,
    remaining: lot.remaining,
    expires_at: lot.expires_at,
    granted_at: lot.granted_at,
    source: lot.source ?? 'operator',
  };
}

export function pointLotView(lot: Lot): PointLotView {
  return {
    lot_id: lot._id,
    granted: lot.granted,
    remaining: lot.remaining,
    expires_at: lot.expires_at,
    granted_at: lot.granted_at,
    code: lot.code ?? 'MA0001',
  };
}

export interface HistoryPage {
  items: LedgerHistoryItem[];
  total: number;
  page: number;
}

/** A user's ledger lines, newest first, PAGE_SIZE a page. */
export async function historyOf(
  store: DocumentStore,
  user_id: string,
  asset: LedgerAsset | undefined,
  page = 1,
): Promise<HistoryPage> {
  const filter: Filter = { user_id, ...(asset ? { asset } : {}) };
  const entries = openEntries(store);
  const [found, total] = await Promise.all([
    entries.find(filter, { sort: { at: -1, _id: 1 }, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    entries.countDocuments(filter),
  ]);
  return { items: found.map(historyItemOf), total, page };
}

/** Operators' point gifts (MA0001) and cancellations (MA0009), newest first, with who acted. */
export async function operatorPointHistory(
  store: DocumentStore,
  page = 1,
  user_id?: string,
): Promise<AdminPointHistoryReply> {
  const filter: Filter = {
    asset: 'points',
    code: { $in: ['MA0001', 'MA0009'] },
    admin_id: { $exists: true },
    ...(user_id ? { user_id } : {}),
  };
  const entries = openEntries(store);
  const [found, total] = await Promise.all([
    entries.find(filter, { sort: { at: -1, _id: 1 }, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    entries.countDocuments(filter),
  ]);
  const items = found.map((entry) => ({
    at: entry.at,
    user_id: entry.user_id,
    code: entry.code ?? 'MA0001',
    delta: entry.delta,
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.admin_id ? { admin_id: entry.admin_id } : {}),
  }));
  return { ok: true as const, items, total, page };
}
