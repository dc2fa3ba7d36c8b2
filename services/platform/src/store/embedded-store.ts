/**
 * The embedded document store: in-memory collections made durable by a
 * write-ahead log (group-committed fsync) and periodic snapshots.
 *
 * Directory layout: LOCK (owner pid), snapshot.db (covers segments below its
 * walGen), wal-NNNNNNNN.log (segments replayed on open, oldest first).
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../errors/index.ts';
import type { Collection, Doc, DocumentStore } from '../ports/store.ts';
import { EmbeddedCollection, type StoreEngine } from './collection.ts';
import { CollectionState, type ChangeRecord } from './collection-state.ts';
import { acquireDirLock } from './lock.ts';
import { encodeSnapshot, readSnapshot, writeSnapshot } from './snapshot.ts';
import { listSegments, replaySegments, segmentName, WriteAheadLog } from './wal.ts';

export interface EmbeddedStoreOptions {
  dir: string;
  /** Compact once the current log segment exceeds this many bytes (default 16 MiB). */
  compactAfterBytes?: number;
  /** How often TTL indexes are swept (default 30 s). */
  ttlIntervalMs?: number;
}

export interface EmbeddedStore extends DocumentStore {
  /** Writes a snapshot and drops the log it covers; runs by itself as the log grows. */
  compact(): Promise<void>;
}

export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  await mkdir(options.dir, { recursive: true });
  const release = await acquireDirLock(options.dir);
  try {
    const { states, wal } = await recover(options.dir);
    const store = new EmbeddedStoreImpl(options, states, wal, release);
    store.snapshotBytes = await sizeOf(join(options.dir, 'snapshot.db'));
    return store;
  } catch (err) {
    await release();
    throw err;
  }
}

/** Snapshot, then every intact log record after it. */
async function recover(dir: string): Promise<{ states: Map<string, CollectionState>; wal: WriteAheadLog }> {
  const snapshot = await readSnapshot(dir);
  const states = new Map<string, CollectionState>();
  for (const snap of snapshot?.collections ?? []) states.set(snap.name, CollectionState.restore(snap));
  const fromGen = snapshot?.walGen ?? 1;
  const stale = (await listSegments(dir)).filter((g) => g < fromGen);
  const lastGen = await replaySegments(dir, fromGen, (raw) => {
    const record = raw as ChangeRecord;
    let state = states.get(record.c);
    if (!state) states.set(record.c, (state = new CollectionState(record.c)));
    state.apply(record);
  });
  const wal = new WriteAheadLog(dir, lastGen, await sizeOf(join(dir, segmentName(lastGen))));
  // Segments a finished snapshot covers but a crash left behind.
  if (stale.length > 0) await wal.dropBefore(fromGen);
  return { states, wal };
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then((s) => s.size, () => 0);
}

class EmbeddedStoreImpl implements EmbeddedStore, StoreEngine {
  private readonly options: EmbeddedStoreOptions;
  private readonly states: Map<string, CollectionState>;
  private readonly collections = new Map<string, EmbeddedCollection>();
  private readonly wal: WriteAheadLog;
  private readonly release: () => Promise<void>;
  private readonly ttlTimer: NodeJS.Timeout;
  private compacting: Promise<void> | null = null;
  /** Size of the last snapshot written or loaded. */
  snapshotBytes = 0;
  private closed = false;

  constructor(options: EmbeddedStoreOptions, states: Map<string, CollectionState>, wal: WriteAheadLog, release: () => Promise<void>) {
    this.options = options;
    this.states = states;
    this.wal = wal;
    this.release = release;
    this.ttlTimer = setInterval(() => void this.sweepExpired(), options.ttlIntervalMs ?? 30_000);
    this.ttlTimer.unref();
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    if (!name || name.includes('\u0000')) throw new AppError('VALIDATION_FAILED', 'invalid collection name');
    let coll = this.collections.get(name);
    if (!coll) {
      let state = this.states.get(name);
      if (!state) this.states.set(name, (state = new CollectionState(name)));
      this.collections.set(name, (coll = new EmbeddedCollection(state, this)));
    }
    return coll as unknown as Collection<T>;
  }

  assertWritable(): void {
    if (this.closed) throw new AppError('UNAVAILABLE', 'the store is closed');
    // Memory may now hold changes the disk does not: accept no more, as a database would after a failed fsync.
    if (this.wal.failed) throw new AppError('UNAVAILABLE', 'the store log failed; reopen the store', { cause: this.wal.failed });
  }

  async log(record: ChangeRecord): Promise<void> {
    const durable = this.wal.append(record);
    // Compact once the log outgrows both the threshold and the last snapshot, so rewrite cost stays proportional.
    const threshold = Math.max(this.options.compactAfterBytes ?? 16 * 1024 * 1024, this.snapshotBytes);
    if (this.wal.currentBytes > threshold && !this.compacting) {
      this.compact().catch((err: unknown) => process.emitWarning(`embedded store compaction failed: ${String(err)}`));
    }
    await durable;
  }

  async ping(): Promise<void> {
    this.assertWritable();
  }

  compact(): Promise<void> {
    this.compacting ??= this.snapshotAndTrim().finally(() => {
      this.compacting = null;
    });
    return this.compacting;
  }

  /** Rotation and encoding happen in one synchronous step, so the snapshot covers exactly the older segments. */
  private async snapshotAndTrim(): Promise<void> {
    const walGen = this.wal.rotate();
    const bytes = encodeSnapshot({ walGen, collections: [...this.states.values()].map((s) => s.snapshot()) });
    await writeSnapshot(this.options.dir, bytes);
    this.snapshotBytes = bytes.length;
    await this.wal.dropBefore(walGen);
  }

  private async sweepExpired(): Promise<void> {
    if (this.closed) return;
    const now = Date.now();
    const pending: Array<Promise<void>> = [];
    for (const state of this.states.values()) {
      const ids = state.expired(now);
      for (const id of ids) state.remove(id);
      if (ids.length > 0) pending.push(this.log({ c: state.name, del: ids }));
    }
    await Promise.all(pending).catch((err: unknown) => process.emitWarning(`embedded store TTL sweep failed: ${String(err)}`));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ttlTimer);
    try {
      await this.compacting;
      // A fresh snapshot makes the next open a single read instead of a long replay.
      if (this.wal.currentBytes > 0) await this.compact();
    } finally {
      await this.wal.close();
      await this.release();
    }
  }
}
