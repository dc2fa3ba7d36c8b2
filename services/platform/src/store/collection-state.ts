/**
 * The in-memory state of one collection — documents by id plus secondary
 * indexes — and the log records that change it. Stored documents are never
 * mutated in place: every change puts a fresh object, so readers can copy
 * out of the map without locks.
 */
import { AppError } from '../errors/index.ts';
import type { Doc, Filter } from '../ports/store.ts';
import { isPlainObject } from './codec.ts';
import { expiryOf, Index, type IndexSpec } from './indexes.ts';
import { matches } from './matcher.ts';

/** One log record: an atomic change to one collection. */
export interface ChangeRecord {
  c: string;
  put?: Doc[];
  del?: string[];
  idx?: IndexSpec;
}

export interface CollectionSnapshot {
  name: string;
  indexes: IndexSpec[];
  docs: Doc[];
}

export class CollectionState {
  readonly name: string;
  readonly docs = new Map<string, Doc>();
  readonly indexes = new Map<string, Index>();

  constructor(name: string) {
    this.name = name;
  }

  /** Documents matching `filter`, in insertion order; uses _id or an equality index when it can. */
  select(filter: Filter): Doc[] {
    const candidates = this.candidates(filter);
    const out: Doc[] = [];
    for (const doc of candidates) if (matches(doc, filter)) out.push(doc);
    return out;
  }

  private candidates(filter: Filter): Iterable<Doc> {
    const id = filter['_id'];
    if (typeof id === 'string') return this.byIds([id]);
    if (isPlainObject(id) && Array.isArray(id['$in']) && Object.keys(id).length === 1) return this.byIds(id['$in'].map(String));
    for (const index of this.indexes.values()) {
      const ids = index.lookup(filter);
      // Without a sort, order is unspecified (as in MongoDB): here, the order ids entered the index.
      if (ids) return this.byIds(ids);
    }
    return this.docs.values();
  }

  private byIds(ids: Iterable<string>): Doc[] {
    const out: Doc[] = [];
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc) out.push(doc);
    }
    return out;
  }

  /** Throws DUPLICATE_KEY if storing `doc` would break a unique index (or reuse an id on insert). */
  assertCanPut(doc: Doc, isInsert: boolean): void {
    if (isInsert && this.docs.has(doc._id)) {
      throw new AppError('DUPLICATE_KEY', `duplicate key for index _id_: ${JSON.stringify(doc._id)}`);
    }
    // The document's own previous version never conflicts: assertUnique ignores its id.
    for (const index of this.indexes.values()) index.assertUnique(doc);
  }

  put(doc: Doc): void {
    const previous = this.docs.get(doc._id);
    if (previous) this.unindex(previous);
    this.docs.set(doc._id, doc);
    this.reindex(doc);
  }

  remove(id: string): boolean {
    const doc = this.docs.get(id);
    if (!doc) return false;
    this.unindex(doc);
    this.docs.delete(id);
    return true;
  }

  private unindex(doc: Doc): void {
    for (const index of this.indexes.values()) index.remove(doc);
  }

  private reindex(doc: Doc): void {
    for (const index of this.indexes.values()) index.add(doc);
  }

  /**
   * Builds an index over the current documents; false when an identical one
   * exists. Fails with DUPLICATE_KEY (installing nothing) if the data already
   * violates a unique index.
   */
  addIndex(spec: IndexSpec): boolean {
    const existing = this.indexes.get(spec.name);
    if (existing) {
      if (JSON.stringify(existing.spec) === JSON.stringify(spec)) return false;
      throw new AppError('CONFLICT', `an index named ${spec.name} exists with different options`);
    }
    const index = new Index(spec);
    for (const doc of this.docs.values()) {
      index.assertUnique(doc);
      index.add(doc);
    }
    this.indexes.set(spec.name, index);
    return true;
  }

  /** Ids of documents past their TTL at `now`. */
  expired(now: number): string[] {
    const ttl = [...this.indexes.values()].filter((i) => i.spec.expireAfterSeconds !== undefined);
    if (ttl.length === 0) return [];
    const out: string[] = [];
    for (const doc of this.docs.values()) {
      if (ttl.some((i) => (expiryOf(doc, i.spec) ?? Infinity) <= now)) out.push(doc._id);
    }
    return out;
  }

  /** Replays a logged change; idempotent, so a record already in the snapshot is harmless. */
  apply(record: ChangeRecord): void {
    if (record.idx && !this.indexes.has(record.idx.name)) {
      const index = new Index(record.idx);
      for (const doc of this.docs.values()) index.add(doc);
      this.indexes.set(record.idx.name, index);
    }
    for (const doc of record.put ?? []) this.put(doc);
    for (const id of record.del ?? []) this.remove(id);
  }

  snapshot(): CollectionSnapshot {
    return { name: this.name, indexes: [...this.indexes.values()].map((i) => i.spec), docs: [...this.docs.values()] };
  }

  static restore(snap: CollectionSnapshot): CollectionState {
    const state = new CollectionState(snap.name);
    for (const spec of snap.indexes) state.indexes.set(spec.name, new Index(spec));
    for (const doc of snap.docs) state.put(doc);
    return state;
  }
}
