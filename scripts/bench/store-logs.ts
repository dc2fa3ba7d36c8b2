// Helpers of the store benchmark (store.ts): client-log documents, filling a
// store with them, the same data in bare node:sqlite (the baseline), and
// insert rates on both.
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import type { Collection, Doc } from '../../services/platform/src/ports/store.ts';

export const USERS = 1_000;
const TYPES = ['play', 'pause', 'talk_start', 'talk_end', 'screen_view'];
const DAY_MS = 24 * 3600 * 1000;

type LogFields = { user_id: string; type: string; created_at: Date; extra: Record<string, unknown> };
export type LogDoc = Doc & LogFields;

export const userId = (n: number): string => `user-${String(n).padStart(4, '0')}`;
export const randomUser = (): string => userId(Math.floor(Math.random() * USERS));

/** A client log line of about 300 bytes as stored JSON (with its _id), at a random time in the last 30 days. */
export function logDoc(): LogFields {
  const n = Math.floor(Math.random() * 1e9);
  return {
    user_id: randomUser(),
    type: TYPES[n % TYPES.length]!,
    created_at: new Date(Date.now() - Math.floor(Math.random() * 30 * DAY_MS)),
    extra: {
      session_id: randomUUID(),
      character_id: `char-${n % 40}`,
      screen: 'dialogue',
      duration_ms: n % 600_000,
      client: { app: 'web', version: '1.4.2', os: 'iOS 18.3', locale: 'ja-JP' },
    },
  };
}

export function seconds(startedMs: number): number {
  return (performance.now() - startedMs) / 1000;
}

/** Runs `work(0..total-1)` from `writers` concurrent loops, each call awaited; returns calls per second. */
export async function rate(
  total: number,
  writers: number,
  work: (i: number) => Promise<unknown> | unknown,
): Promise<number> {
  const perWriter = Math.ceil(total / writers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) await work(w * perWriter + i);
    }),
  );
  return (perWriter * writers) / seconds(started);
}

/** Fills the collection with `total` log documents: concurrent insertMany chunks, so one commit takes 50,000. */
export async function fillStore(logs: Collection<LogDoc>, total: number): Promise<void> {
  const chunk = 5_000;
  for (let done = 0; done < total; done += 10 * chunk) {
    const sizes = Array.from({ length: 10 }, (_, k) => Math.max(0, Math.min(chunk, total - done - k * chunk)));
    await Promise.all(sizes.filter((s) => s > 0).map((s) => logs.insertMany(Array.from({ length: s }, logDoc))));
  }
}

// --- the baseline: bare node:sqlite with real columns and a normal index ---

/** Opens (or creates) the bare database with the store's pragmas. */
export function openBare(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA locking_mode = EXCLUSIVE');
  db.exec(
    'CREATE TABLE IF NOT EXISTS logs (id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, type TEXT NOT NULL, created_at TEXT NOT NULL, extra TEXT NOT NULL)',
  );
  db.exec('CREATE INDEX IF NOT EXISTS logs_user_created ON logs (user_id, created_at DESC)');
  return db;
}

export const BARE_QUERY = 'SELECT * FROM logs WHERE user_id = ? ORDER BY created_at DESC LIMIT 50';

export function bareInserter(db: DatabaseSync): (doc: LogFields) => void {
  const insert = db.prepare('INSERT INTO logs (id, user_id, type, created_at, extra) VALUES (?, ?, ?, ?, ?)');
  return (doc) =>
    void insert.run(randomUUID(), doc.user_id, doc.type, doc.created_at.toISOString(), JSON.stringify(doc.extra));
}

/** The same fill in plain transactions of 50,000 rows. */
export function fillBare(db: DatabaseSync, total: number): void {
  const insert = bareInserter(db);
  for (let done = 0; done < total; done += 50_000) {
    db.exec('BEGIN');
    for (let i = done; i < Math.min(total, done + 50_000); i++) insert(logDoc());
    db.exec('COMMIT');
  }
}

/** Durable bare inserts: alone, each its own transaction; `perCommit` > 1 shares a commit the way group commit ideally would. */
export function bareInsertRate(db: DatabaseSync, total: number, perCommit: number): number {
  const insert = bareInserter(db);
  const started = performance.now();
  for (let done = 0; done < total; done += perCommit) {
    if (perCommit > 1) db.exec('BEGIN');
    for (let i = 0; i < perCommit; i++) insert(logDoc());
    if (perCommit > 1) db.exec('COMMIT');
  }
  return total / seconds(started);
}
