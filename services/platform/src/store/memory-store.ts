/**
 * TEST ADAPTER of the store port, in memory, for tests that run real domain
 * code thousands of times (property tests), where the embedded store's fsync
 * per commit dominates. Not a deployment option: configuration selects only
 * the embedded or the MongoDB adapter; this is exported from
 * `@talkwith/platform/testing` alone.
 *
 * MongoDB semantics are the platform's one implementation (mongo-semantics.ts,
 * mingo), and the adapters' contract suite runs against it (memory.test.ts).
 * As in the embedded adapter, transactions are serialised (operations outside
 * one wait for it), a rollback restores a snapshot of the tables (cheap: a
 * stored document is never changed in place, every write stores a new copy),
 * and documents are copied in and out. Not here: durability, TTL sweeps,
 * secondary indexes (accepted; every query scans), size and depth limits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/index.ts';
import type {
  Collection, Doc, DocumentStore, Filter, FindOneAndUpdateOptions, FindOptions, IndexOptions, SortSpec, Transaction, Update, UpdateResult,
} from '../ports/store.ts';
import { runAfterCommit } from './after-commit.ts';
import { applyUpdate, assertProjection, compileFilter, projectDoc, seedFromFilter, sortDocs } from './mongo-semantics.ts';

type NewDoc<T> = Omit<T, '_id'> & { _id?: string };
interface Table { docs: Map<string, Doc>; uniques: string[][] }

function valueAt(doc: Record<string, unknown>, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

/** A unique index's key of `doc`: missing and null are one key (MongoDB admits one document without the field). */
function uniqueKey(doc: Doc, fields: string[]): string {
  return JSON.stringify(fields.map((f) => {
    const value = valueAt(doc, f);
    return value === undefined || value === null ? null : value instanceof Date ? { $date: value.getTime() } : value;
  }));
}

/** The filter as text, or null when JSON would blur it (RegExp, function, undefined); Dates are tagged, not strings. */
function filterKey(filter: Filter): string | null {
  let exact = true;
  const key = JSON.stringify(filter, function (this: Record<string, unknown>, field, value: unknown) {
    const raw = this[field];
    if (raw instanceof Date) return { $date: raw.getTime() };
    if (raw instanceof RegExp || typeof raw === 'function' || raw === undefined) exact = false;
    return value;
  });
  return exact ? key : null;
}

const duplicate = (collection: string) => new AppError('DUPLICATE_KEY', `duplicate key in ${collection}`);

/** Serialises transactions like the embedded engine (sqlite-engine.ts), with a snapshot instead of a savepoint. */
class MemoryEngine {
  tables = new Map<string, Table>();
  private activeTx: symbol | null = null;
  private readonly context = new AsyncLocalStorage<symbol>();
  private txEndWaiters: Array<() => void> = [];
  private closed = false;
  /** Compiling a filter builds mingo's whole operator table (tens of µs); tests ask the same filters again and again. */
  private readonly compiled = new Map<string, (doc: Doc) => boolean>();

  table(name: string): Table {
    let table = this.tables.get(name);
    if (!table) this.tables.set(name, (table = { docs: new Map(), uniques: [] }));
    return table;
  }

  matcher(filter: Filter): (doc: Doc) => boolean {
    const key = filterKey(filter);
    if (key === null) return compileFilter(filter);
    let matches = this.compiled.get(key);
    if (!matches) {
      if (this.compiled.size >= 1000) this.compiled.clear();
      this.compiled.set(key, (matches = compileFilter(filter)));
    }
    return matches;
  }

  /** Runs one synchronous (hence atomic) operation once no other transaction is open. */
  async run<R>(operation: () => R, owner?: symbol): Promise<R> {
    this.assertOpen();
    if (owner && owner !== this.activeTx) throw new AppError('INTERNAL', 'this transaction has already ended');
    if (!owner && this.activeTx && this.context.getStore() === this.activeTx) {
      throw new AppError('INTERNAL', 'inside withTransaction, use tx.collection(): the store’s own collections would wait for this transaction');
    }
    while (!owner && this.activeTx) await this.transactionEnd();
    this.assertOpen();
    return operation();
  }

  async transaction<R>(work: (token: symbol) => Promise<R>): Promise<R> {
    if (this.activeTx && this.context.getStore() === this.activeTx) throw new AppError('INTERNAL', 'transactions do not nest: use the transaction you are in');
    while (this.activeTx) await this.transactionEnd();
    this.assertOpen();
    const token = (this.activeTx = Symbol('transaction'));
    const snapshot = new Map([...this.tables].map(([name, t]) => [name, { docs: new Map(t.docs), uniques: [...t.uniques] }]));
    try {
      return await this.context.run(token, () => work(token));
    } catch (err) {
      this.tables = snapshot;
      throw err;
    } finally {
      this.activeTx = null;
      for (const wake of this.txEndWaiters.splice(0)) wake();
    }
  }

  async close(): Promise<void> {
    while (this.activeTx) await this.transactionEnd();
    this.closed = true;
  }

  assertOpen(): void {
    if (this.closed) throw new AppError('UNAVAILABLE', 'the store is closed');
  }

  private transactionEnd(): Promise<void> {
    return new Promise((resolve) => this.txEndWaiters.push(resolve));
  }
}

class MemoryCollection<T extends Doc> implements Collection<T> {
  readonly name: string;
  private readonly engine: MemoryEngine;
  private readonly owner: symbol | undefined;

  constructor(name: string, engine: MemoryEngine, owner?: symbol) {
    this.name = name;
    this.engine = engine;
    this.owner = owner;
  }

  /** Looked up on every operation: a rollback replaces the tables. */
  private get table(): Table {
    return this.engine.table(this.name);
  }

  private op<R>(operation: () => R): Promise<R> {
    return this.engine.run(operation, this.owner);
  }

  async createIndex(keys: SortSpec, options: IndexOptions = {}): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new AppError('VALIDATION_FAILED', 'an index needs at least one key');
    return this.op(() => {
      const { docs, uniques } = this.table;
      if (!options.unique || uniques.some((u) => u.join() === fields.join())) return;
      if (new Set([...docs.values()].map((doc) => uniqueKey(doc, fields))).size < docs.size) throw duplicate(this.name);
      uniques.push(fields);
    });
  }

  async insertOne(doc: NewDoc<T>): Promise<T> {
    return (await this.insertMany([doc]))[0] as T;
  }

  /** Ordered like MongoDB's: documents before a failing one stay inserted. */
  async insertMany(docs: Array<NewDoc<T>>): Promise<T[]> {
    const full = docs.map((d) => ({ ...structuredClone(d), _id: d._id ?? randomUUID() }) as unknown as T);
    const { done, failure } = await this.op(() => {
      for (const [i, doc] of full.entries()) {
        try {
          if (this.table.docs.has(doc._id)) throw duplicate(this.name);
          this.store(doc);
        } catch (err) {
          return { done: full.slice(0, i), failure: err };
        }
      }
      return { done: full, failure: null };
    });
    if (failure) throw failure;
    return done.map((d) => structuredClone(d));
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    return (await this.find(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    assertProjection(options.projection);
    const skip = options.skip ?? 0;
    const docs = await this.op(() => this.select(filter, options.sort).slice(skip, options.limit === undefined ? undefined : skip + options.limit));
    return docs.map((d) => projectDoc(structuredClone(d), options.projection));
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.op(() => this.select(filter).length);
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.op(() => {
      const [current] = this.select(filter);
      if (current) return { matchedCount: 1, modifiedCount: this.replace(current, update) ? 1 : 0, upsertedId: null };
      return { matchedCount: 0, modifiedCount: 0, upsertedId: options.upsert ? this.upsert(filter, update)._id : null };
    });
  }

  /** All or nothing, like the embedded adapter's savepoint: a failure on one document restores the others. */
  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.op(() => {
      const before = new Map(this.table.docs);
      const matches = this.select(filter);
      try {
        return { matchedCount: matches.length, modifiedCount: matches.filter((doc) => this.replace(doc, update)).length, upsertedId: null };
      } catch (err) {
        this.table.docs = before;
        throw err;
      }
    });
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    assertProjection(options.projection);
    const after = (options.returnDocument ?? 'after') === 'after';
    const doc = await this.op((): T | null => {
      const [current] = this.select(filter, options.sort);
      if (current) {
        const updated = this.replace(current, update);
        return after ? (updated ?? current) : current;
      }
      if (!options.upsert) return null;
      const inserted = this.upsert(filter, update);
      return after ? inserted : null;
    });
    return doc ? projectDoc(structuredClone(doc), options.projection) : null;
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.op(() => this.remove(this.select(filter).slice(0, 1)));
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    return this.op(() => this.remove(this.select(filter)));
  }

  private remove(docs: T[]): { deletedCount: number } {
    for (const doc of docs) this.table.docs.delete(doc._id);
    return { deletedCount: docs.length };
  }

  /** The stored documents matching `filter`, in `sort` order (the caller copies what leaves). */
  private select(filter: Filter, sort?: SortSpec): T[] {
    const found = [...this.table.docs.values()].filter(this.engine.matcher(filter)) as T[];
    return found.length > 1 ? sortDocs(found, sort) : found;
  }

  /** Stores `doc` (a new document or a new version) after checking every unique index. */
  private store(doc: T): void {
    const { docs, uniques } = this.table;
    for (const fields of uniques) {
      const key = uniqueKey(doc, fields);
      for (const other of docs.values()) if (other._id !== doc._id && uniqueKey(other, fields) === key) throw duplicate(this.name);
    }
    docs.set(doc._id, doc);
  }

  /** Stores the updated document; returns it, or null when the update changed nothing. */
  private replace(current: T, update: Update): T | null {
    const { doc, changed } = applyUpdate(current, update, false);
    if (!changed) return null;
    this.store(doc as T);
    return doc as T;
  }

  private upsert(filter: Filter, update: Update): T {
    const seed = seedFromFilter(filter);
    const id = typeof seed['_id'] === 'string' ? seed['_id'] : randomUUID();
    const doc = applyUpdate({ ...seed, _id: id } as Doc, update, true).doc as T;
    if (this.table.docs.has(id)) throw duplicate(this.name);
    this.store(doc);
    return doc;
  }
}

/** A fresh, empty in-memory store (for tests only: see the top of this file). */
export function createMemoryStore(): DocumentStore {
  const engine = new MemoryEngine();
  return {
    collection: <T extends Doc = Doc>(name: string) => new MemoryCollection<T>(name, engine),
    async withTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
      const committed: Array<() => void> = [];
      const result = await engine.transaction((owner) => work({
        collection: <T extends Doc = Doc>(name: string) => new MemoryCollection<T>(name, engine, owner),
        afterCommit: (callback) => committed.push(callback),
      }));
      runAfterCommit(committed);
      return result;
    },
    ping: async () => engine.assertOpen(),
    close: () => engine.close(),
  };
}
