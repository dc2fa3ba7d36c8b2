/**
 * The Collection port over one CollectionState. Each write runs its
 * read-check-modify step synchronously (so it is atomic: nothing else runs on
 * the event loop meanwhile), then waits for its log record to be fsync'd.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/index.ts';
import type {
  Collection, Doc, Filter, FindOneAndUpdateOptions, FindOptions, IndexOptions, SortSpec, Update, UpdateResult,
} from '../ports/store.ts';
import { deepClone, valuesEqual } from './codec.ts';
import type { ChangeRecord, CollectionState } from './collection-state.ts';
import { indexSpec } from './indexes.ts';
import { pageDocs, projectDoc, sortDocs } from './query.ts';
import { applyUpdate, seedFromFilter } from './updater.ts';

export interface StoreEngine {
  /** Throws when the store is closed or its log has failed. */
  assertWritable(): void;
  /** Resolves once the change is durable. */
  log(record: ChangeRecord): Promise<void>;
}

type NewDoc<T> = Omit<T, '_id'> & { _id?: string };

export class EmbeddedCollection<T extends Doc = Doc> implements Collection<T> {
  readonly name: string;
  private readonly state: CollectionState;
  private readonly engine: StoreEngine;

  constructor(state: CollectionState, engine: StoreEngine) {
    this.name = state.name;
    this.state = state;
    this.engine = engine;
  }

  async createIndex(keys: SortSpec, options?: IndexOptions): Promise<void> {
    this.engine.assertWritable();
    const spec = indexSpec(keys, options);
    if (this.state.addIndex(spec)) await this.engine.log({ c: this.name, idx: spec });
  }

  async insertOne(doc: NewDoc<T>): Promise<T> {
    const [inserted] = await this.insertMany([doc]);
    return inserted as T;
  }

  /** Ordered like MongoDB's: documents before a failing one stay inserted. */
  async insertMany(docs: Array<NewDoc<T>>): Promise<T[]> {
    this.engine.assertWritable();
    const put: Doc[] = [];
    let failure: unknown = null;
    for (const input of docs) {
      try {
        put.push(this.insertLocally(input));
      } catch (err) {
        failure = err;
        break;
      }
    }
    if (put.length > 0) await this.engine.log({ c: this.name, put });
    if (failure) throw failure;
    return put.map((d) => deepClone(d) as T);
  }

  private insertLocally(input: NewDoc<T>): Doc {
    const doc = { _id: input._id ?? randomUUID(), ...deepClone(input) } as Record<string, unknown>;
    if (typeof doc['_id'] !== 'string') throw new AppError('VALIDATION_FAILED', '_id must be a string');
    this.state.assertCanPut(doc as Doc, true);
    this.state.put(doc as Doc);
    return doc as Doc;
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [doc] = this.selectSorted(filter, options.sort, 1);
    return doc ? (projectDoc(doc, options.projection) as T) : null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const docs = pageDocs(this.selectSorted(filter, options.sort), options);
    return docs.map((d) => projectDoc(d, options.projection) as T);
  }

  private selectSorted(filter: Filter, sort: SortSpec | undefined, first?: number): Doc[] {
    const selected = this.state.select(filter);
    if (sort && Object.keys(sort).length > 0) return sortDocs(selected, sort);
    return first === undefined ? selected : selected.slice(0, first);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return Object.keys(filter).length === 0 ? this.state.docs.size : this.state.select(filter).length;
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const outcome = this.updateFirst(filter, update, options.upsert ?? false, undefined);
    if (outcome.record) await this.engine.log(outcome.record);
    return outcome.result;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    this.engine.assertWritable();
    const matched = this.state.select(filter);
    const put: Doc[] = [];
    let failure: unknown = null;
    for (const doc of matched) {
      try {
        const next = applyUpdate(doc, update, false);
        if (valuesEqual(next, doc)) continue;
        this.state.assertCanPut(next, false);
        this.state.put(next);
        put.push(next);
      } catch (err) {
        failure = err;
        break;
      }
    }
    if (put.length > 0) await this.engine.log({ c: this.name, put });
    if (failure) throw failure;
    return { matchedCount: matched.length, modifiedCount: put.length, upsertedId: null };
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const outcome = this.updateFirst(filter, update, options.upsert ?? false, options.sort);
    if (outcome.record) await this.engine.log(outcome.record);
    const chosen = options.returnDocument === 'before' ? outcome.before : outcome.after;
    return chosen ? (projectDoc(chosen, options.projection) as T) : null;
  }

  /** The synchronous heart of updateOne/findOneAndUpdate: check and apply in one step. */
  private updateFirst(filter: Filter, update: Update, upsert: boolean, sort: SortSpec | undefined) {
    this.engine.assertWritable();
    const [before] = this.selectSorted(filter, sort, 1);
    if (!before) return upsert ? this.upsertLocally(filter, update) : { result: noMatch(), before: null, after: null, record: null };
    const after = applyUpdate(before, update, false);
    if (valuesEqual(after, before)) {
      return { result: { matchedCount: 1, modifiedCount: 0, upsertedId: null }, before, after, record: null };
    }
    this.state.assertCanPut(after, false);
    this.state.put(after);
    const record: ChangeRecord = { c: this.name, put: [after] };
    return { result: { matchedCount: 1, modifiedCount: 1, upsertedId: null }, before, after, record };
  }

  private upsertLocally(filter: Filter, update: Update) {
    const seed = seedFromFilter(filter);
    const id = typeof seed['_id'] === 'string' ? seed['_id'] : randomUUID();
    const doc = applyUpdate({ ...seed, _id: id } as Doc, update, true);
    this.state.assertCanPut(doc, true);
    this.state.put(doc);
    const record: ChangeRecord = { c: this.name, put: [doc] };
    return { result: { matchedCount: 0, modifiedCount: 0, upsertedId: id }, before: null, after: doc, record };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    this.engine.assertWritable();
    const [doc] = this.state.select(filter);
    return this.deleteLocally(doc ? [doc._id] : []);
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    this.engine.assertWritable();
    return this.deleteLocally(this.state.select(filter).map((d) => d._id));
  }

  private async deleteLocally(ids: string[]): Promise<{ deletedCount: number }> {
    for (const id of ids) this.state.remove(id);
    if (ids.length > 0) await this.engine.log({ c: this.name, del: ids });
    return { deletedCount: ids.length };
  }
}

function noMatch(): UpdateResult {
  return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
}
