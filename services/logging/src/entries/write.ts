import type { Transaction } from '@talkwith/platform';
import type { LogEntry, LogType } from '@talkwith/proto/logging';
import { MS_PER_DAY } from './japan-time.ts';
import { logsIn, toEntry, type LogDoc, type LogDraft } from './model.ts';

export type RetentionDays = Readonly<Record<LogType, number>>;

/** When an entry is removed: audit entries never; every other one after its category's retention. */
export function expiryOf(draft: LogDraft, retention: RetentionDays): Date | undefined {
  if (draft.source === 'audit') return undefined;
  return new Date(Date.parse(draft.created_at) + retention[draft.type] * MS_PER_DAY);
}

/**
 * Stores the entries not stored yet (ids are event ids: a redelivered event
 * finds its entry there) in the caller's transaction; returns the ones it
 * wrote, so counters and the live tail see each entry once.
 */
export async function storeEntries(
  tx: Transaction,
  drafts: Array<{ id: string; draft: LogDraft }>,
  retention: RetentionDays,
): Promise<LogEntry[]> {
  if (drafts.length === 0) return [];
  const logs = logsIn(tx);
  const ids = drafts.map((d) => d.id);
  const present = new Set((await logs.find({ _id: { $in: ids } }, { projection: { _id: 1 } })).map((d) => d._id));
  const seen = new Set<string>();
  const fresh: LogDoc[] = [];
  for (const { id, draft } of drafts) {
    if (present.has(id) || seen.has(id)) continue;
    seen.add(id);
    const expiresAt = expiryOf(draft, retention);
    fresh.push({ _id: id, ...draft, ...(expiresAt ? { expiresAt } : {}) });
  }
  if (fresh.length > 0) await logs.insertMany(fresh);
  return fresh.map(toEntry);
}
