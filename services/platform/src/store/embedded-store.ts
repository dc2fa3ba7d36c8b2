/**
 * The embedded document store: one SQLite database (node:sqlite, built into
 * Node) per store directory, in WAL mode with synchronous=FULL, so a write is
 * on disk when its promise resolves. Documents are JSON rows; MongoDB's query
 * language comes from mingo; indexes are SQLite expression indexes (see
 * sqlite-plan.ts). Data lives on disk, not in memory: reopening is instant.
 * The non-durable option (`{ memory: true }`) is the same adapter on an
 * in-memory database: nothing reaches a disk, so a property test can run the
 * real store thousands of times without an fsync per commit.
 */
import { chmod, mkdir, open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { AppError } from '../errors/index.ts';
import type { Collection, Doc, DocumentStore, Transaction } from '../ports/store.ts';
import { DEFAULT_LIMITS, type DocumentLimits } from './json-codec.ts';
import { runAfterCommit } from './after-commit.ts';
import { SqliteCollection } from './sqlite-collection.ts';
import { SqliteEngine } from './sqlite-engine.ts';
import { fieldExpr } from './sqlite-plan.ts';
import { SqliteSchema } from './sqlite-schema.ts';

export type EmbeddedStoreOptions = EmbeddedStoreSettings &
  /** Directory of the database file (`store.sqlite`). */
  (
    | { dir: string; memory?: never }
    /** Non-durable: an in-memory database, gone at close (tests only: nothing survives a crash). */
    | { memory: true; dir?: never }
  );

interface EmbeddedStoreSettings {
  /** How often TTL indexes are swept (default 30 s). */
  ttlIntervalMs?: number;
  /** Documents deeper or larger than this are refused (VALIDATION_FAILED). */
  limits?: Partial<DocumentLimits>;
}

export interface EmbeddedStore extends DocumentStore {
  /** Commits (each one fsync of the write-ahead log) since the store opened. */
  commitCount(): number;
}

/** SQLite's name for a private in-memory database (each open is a new, empty one). */
const MEMORY = ':memory:';

/** Database files open in this process: a second open would fight over the file lock. */
const openFiles = new Set<string>();

function openDatabase(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  try {
    // An in-memory database has no log to write ahead or sync (its journal mode stays `memory`).
    if (file !== MEMORY) {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
    }
    // No other process may write behind our back; taking the lock now makes a second process fail at open.
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN IMMEDIATE; COMMIT');
    return db;
  } catch (err) {
    db.close();
    if (err instanceof Error && /locked|busy/i.test(err.message))
      throw new AppError('UNAVAILABLE', `the store ${file} is already open in another process`, { cause: err });
    throw err;
  }
}

/**
 * The store holds the mail outbox (live links until they are used) and every
 * account: owner-only, 0600 files in a 0700 directory. SQLite gives its -wal
 * and -shm files the database file's mode; they are set again after opening.
 */
async function ownerOnly(file: string): Promise<void> {
  await (await open(file, 'a', 0o600)).close();
  await chmod(file, 0o600);
}

export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  if (options.memory) return new EmbeddedStoreImpl(openDatabase(MEMORY), MEMORY, options);
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const file = resolve(join(options.dir, 'store.sqlite'));
  if (openFiles.has(file))
    throw new AppError('UNAVAILABLE', `the store ${file} is already open in process ${process.pid}`);
  await ownerOnly(file);
  const db = openDatabase(file);
  for (const side of ['-wal', '-shm']) await chmod(`${file}${side}`, 0o600).catch(() => {});
  openFiles.add(file);
  return new EmbeddedStoreImpl(db, file, options);
}

class EmbeddedStoreImpl implements EmbeddedStore {
  private readonly engine: SqliteEngine;
  private readonly schema: SqliteSchema;
  private readonly limits: DocumentLimits;
  private readonly file: string;
  private readonly ttlTimer: NodeJS.Timeout;

  constructor(db: DatabaseSync, file: string, options: EmbeddedStoreOptions) {
    this.file = file;
    this.engine = new SqliteEngine(db);
    this.schema = new SqliteSchema(this.engine);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.ttlTimer = setInterval(() => void this.sweepExpired(), options.ttlIntervalMs ?? 30_000);
    this.ttlTimer.unref();
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new SqliteCollection<T>(name, { engine: this.engine, schema: this.schema, limits: this.limits });
  }

  async withTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    const committed: Array<() => void> = [];
    const result = await this.engine.transaction((owner) =>
      work({
        collection: <T extends Doc = Doc>(name: string) =>
          new SqliteCollection<T>(name, { engine: this.engine, schema: this.schema, limits: this.limits, owner }),
        afterCommit: (callback) => committed.push(callback),
      }),
    );
    runAfterCommit(committed);
    return result;
  }

  commitCount(): number {
    return this.engine.commits;
  }

  async ping(): Promise<void> {
    await this.engine.read(() => this.engine.statement('SELECT 1').get());
  }

  /** Deletes documents whose TTL-indexed date is older than the index allows (dates are "\u0001D" + ISO text). */
  private async sweepExpired(): Promise<void> {
    try {
      await this.engine.write(() => {
        for (const { collection, def } of this.schema.ttlIndexes()) {
          const [field] = Object.keys(def.keys);
          const table = this.schema.of(collection).table;
          const cutoff = `\u0001D${new Date(Date.now() - (def.ttlSeconds ?? 0) * 1000).toISOString()}`;
          this.engine
            .statement(`DELETE FROM ${table} WHERE ${fieldExpr(field!)} >= ? AND ${fieldExpr(field!)} < ?`)
            .run('\u0001D', cutoff);
        }
      });
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'UNAVAILABLE'))
        process.emitWarning(`embedded store TTL sweep failed: ${String(err)}`);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.ttlTimer);
    try {
      await this.engine.close();
    } finally {
      openFiles.delete(this.file);
    }
  }
}
