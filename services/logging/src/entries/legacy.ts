import type { DocumentStore } from '@talkwith/platform';
import { draftOf, type LoggedEvent } from './from-event.ts';
import { logsIn, type LogDraft } from './model.ts';

/** An entry as the first logging service stored it (before issue 15): kind/type/at/data. */
type LegacyDoc = {
  _id: string;
  kind: 'client' | 'event';
  type: string;
  user_id: string | null;
  data: unknown;
  at: string;
};

const SCHEMA_VERSION = 2;
const PAGE = 500;

/** The entry a legacy document becomes: rebuilt from the event it was made of, as a new one would be. */
export function upgradeLegacy(doc: LegacyDoc): LogDraft {
  const at = Number.isNaN(Date.parse(doc.at)) ? new Date(0).toISOString() : doc.at;
  const data = (doc.data ?? {}) as Record<string, unknown>;
  const event =
    doc.kind === 'client'
      ? { id: doc._id, occurredAt: at, type: 'client.logged', data: { user_id: doc.user_id, type: doc.type, ...data } }
      : { id: doc._id, occurredAt: at, type: doc.type, data };
  try {
    const draft = draftOf(event as LoggedEvent);
    if (draft.type !== undefined && draft.source !== undefined) return draft;
  } catch {
    // An event this version no longer logs: kept as an `other` entry below.
  }
  return {
    created_at: new Date(at).toISOString(),
    type: 'other',
    source: 'service',
    user_id: doc.user_id,
    character_id: null,
    message: doc.type,
    extra: data,
    actor_id: null,
    request_id: null,
  };
}

/**
 * Rewrites legacy documents in place, a page at a time, once per store (a
 * marker records that it ran): they then list, filter and export like the rest
 * and keep their expiry.
 */
export async function migrateLegacyEntries(store: DocumentStore): Promise<number> {
  const meta = store.collection<{ _id: string; version: number }>('log_meta');
  if (((await meta.findOne({ _id: 'schema' }))?.version ?? 1) >= SCHEMA_VERSION) return 0;
  const logs = logsIn(store);
  let migrated = 0;
  for (;;) {
    const page = (await logs.find({ created_at: { $exists: false } }, { limit: PAGE })) as unknown as LegacyDoc[];
    for (const doc of page) {
      await logs.updateOne(
        { _id: doc._id },
        { $set: upgradeLegacy(doc), $unset: { kind: '', at: '', data: '', relogin: '' } },
      );
    }
    migrated += page.length;
    if (page.length < PAGE) break;
  }
  await meta.updateOne({ _id: 'schema' }, { $set: { version: SCHEMA_VERSION } }, { upsert: true });
  return migrated;
}
