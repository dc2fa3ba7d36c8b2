/**
 * The Collection port on one SQLite table. Every method runs its whole
 * read-check-write synchronously inside one engine call, so it is atomic; the
 * engine decides when it commits (see sqlite-engine.ts).
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/index.ts';
import type {
  Collection,
  Doc,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  SortSpec,
  Update,
  UpdateResult,
} from '../ports/store.ts';
import { assertDepth, decodeDocument, encodeDocument, type DocumentLimits } from './json-codec.ts';
import {
  applyUpdate,
  assertProjection,
  compileFilter,
  projectDoc,
  seedFromFilter,
  sortDocs,
} from './mongo-semantics.ts';
import { isUniqueViolation, type SqliteEngine, type TxToken } from './sqlite-engine.ts';
import { indexDef, planExact, planQuery } from './sqlite-plan.ts';
import type { CollectionSchema, SqliteSchema } from './sqlite-schema.ts';

type NewDoc<T> = Omit<T, '_id'> & { _id?: string };

export interface CollectionDeps {
  engine: SqliteEngine;
  schema: SqliteSchema;
  limits: DocumentLimits;
  /** Set for a transaction's view of the collection. */
  owner?: TxToken;
}

function duplicate(err: unknown, collection: string): unknown {
  return isUniqueViolation(err) ? new AppError('DUPLICATE_KEY', `duplicate key in ${collection}`, { cause: err }) : err;
}

export class SqliteCollection<T extends Doc = Doc> implements Collection<T> {
  readonly name: string;
  private readonly deps: CollectionDeps;

  constructor(name: string, deps: CollectionDeps) {
    this.name = name;
    this.deps = deps;
  }

  /** Input nested past the limit would overflow the stack of anything that walks it: refused first. */
  private shallow<V>(value: V): V {
    assertDepth(value, this.deps.limits.maxDepth);
    return value;
  }

  private read<R>(work: (schema: CollectionSchema) => R): Promise<R> {
    return this.deps.engine.read(() => work(this.deps.schema.of(this.name)), this.deps.owner);
  }

  private write<R>(work: (schema: CollectionSchema) => R): Promise<R> {
    return this.deps.engine.write(() => work(this.deps.schema.of(this.name)), this.deps.owner);
  }

  async createIndex(keys: SortSpec, options?: IndexOptions): Promise<void> {
    const def = indexDef(keys, options);
    await this.write((schema) => this.deps.schema.addIndex(schema, def));
  }

  async insertOne(doc: NewDoc<T>): Promise<T> {
    const [inserted] = await this.insertMany([doc]);
    return inserted as T;
  }

  /** Ordered like MongoDB's: documents before a failing one stay inserted. */
  async insertMany(docs: Array<NewDoc<T>>): Promise<T[]> {
    const full = this.shallow(docs).map((d) => ({ ...structuredClone(d), _id: d._id ?? randomUUID() }) as unknown as T);
    let failure: unknown = null;
    const inserted = await this.write((schema) => {
      const done: T[] = [];
      for (const doc of full) {
        try {
          this.insertRow(schema, doc);
        } catch (err) {
          failure = err;
          break;
        }
        done.push(doc);
      }
      return done;
    });
    if (failure) throw failure;
    return inserted.map((d) => structuredClone(d));
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [doc] = await this.find(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    assertProjection(options.projection);
    this.shallow(filter);
    const docs = await this.read((schema) => this.select(schema, filter, options));
    return docs.map((d) => projectDoc(d, options.projection));
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    this.shallow(filter);
    return this.read((schema) => {
      // Conditions SQL decides exactly (strings on indexed fields) are counted in SQLite, without decoding a row.
      const exact = planExact(filter, schema.pushable);
      if (exact)
        return Number(
          this.deps.engine
            .statement(`SELECT count(*) AS n FROM ${schema.table} WHERE ${exact.where}`)
            .get(...exact.params)?.['n'],
        );
      return this.select(schema, filter, {}).length;
    });
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    this.shallow([filter, update]);
    return this.write((schema) => {
      const [current] = this.select(schema, filter, { limit: 1 });
      if (current)
        return { matchedCount: 1, modifiedCount: this.replaceRow(schema, current, update) ? 1 : 0, upsertedId: null };
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      return { matchedCount: 0, modifiedCount: 0, upsertedId: this.upsertRow(schema, filter, update)._id };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    this.shallow([filter, update]);
    return this.write((schema) => {
      const matches = this.select(schema, filter, {});
      let modifiedCount = 0;
      for (const doc of matches) if (this.replaceRow(schema, doc, update)) modifiedCount++;
      return { matchedCount: matches.length, modifiedCount, upsertedId: null };
    });
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    assertProjection(options.projection);
    this.shallow([filter, update]);
    const after = (options.returnDocument ?? 'after') === 'after';
    const doc = await this.write((schema): T | null => {
      const [current] = this.select(schema, filter, { limit: 1, ...(options.sort ? { sort: options.sort } : {}) });
      if (current) {
        const updated = this.replaceRow(schema, current, update);
        return after ? (updated ?? current) : current;
      }
      if (!options.upsert) return null;
      const inserted = this.upsertRow(schema, filter, update);
      return after ? inserted : null;
    });
    return doc ? projectDoc(doc, options.projection) : null;
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.deleteMatches(filter, 1);
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    return this.deleteMatches(filter);
  }

  private deleteMatches(filter: Filter, limit?: number): Promise<{ deletedCount: number }> {
    this.shallow(filter);
    return this.write((schema) => {
      const matches = this.select(schema, filter, limit ? { limit } : {});
      const remove = this.deps.engine.statement(`DELETE FROM ${schema.table} WHERE id = ?`);
      for (const doc of matches) remove.run(doc._id);
      return { deletedCount: matches.length };
    });
  }

  /** Matching documents in order: SQL narrows and orders, mingo decides (see sqlite-plan.ts). */
  private select(schema: CollectionSchema, filter: Filter, options: FindOptions): T[] {
    const matches = compileFilter(filter);
    const plan = planQuery(filter, options.sort, schema.pushable);
    const sql = `SELECT doc FROM ${schema.table} WHERE ${plan.where}${plan.orderBy ? ` ORDER BY ${plan.orderBy}` : ''}`;
    const rows = this.deps.engine.firstColumn(sql, plan.params);
    const skip = options.skip ?? 0;
    // With the order from SQL, reading stops as soon as the page is full.
    const enough = plan.orderBy || !options.sort ? skip + (options.limit ?? Infinity) : Infinity;
    const found: T[] = [];
    for (const text of rows) {
      const doc = decodeDocument<T>(String(text));
      if (!matches(doc)) continue;
      found.push(doc);
      if (found.length >= enough) break;
    }
    const ordered = plan.orderBy ? found : sortDocs(found, options.sort);
    return ordered.slice(skip, options.limit === undefined ? undefined : skip + options.limit);
  }

  private insertRow(schema: CollectionSchema, doc: T): void {
    const text = encodeDocument(doc, this.deps.limits);
    try {
      this.deps.engine.statement(`INSERT INTO ${schema.table} (id, doc) VALUES (?, ?)`).run(doc._id, text);
    } catch (err) {
      throw duplicate(err, this.name);
    }
    this.deps.schema.noteArrays(schema, doc);
  }

  /** Writes the updated document; returns it, or null when the update changed nothing. */
  private replaceRow(schema: CollectionSchema, current: T, update: Update): T | null {
    const { doc, changed } = applyUpdate(current, update, false);
    if (!changed) return null;
    const next = doc as T;
    const text = encodeDocument(next, this.deps.limits);
    try {
      this.deps.engine.statement(`UPDATE ${schema.table} SET doc = ? WHERE id = ?`).run(text, current._id);
    } catch (err) {
      throw duplicate(err, this.name);
    }
    this.deps.schema.noteArrays(schema, next);
    return next;
  }

  private upsertRow(schema: CollectionSchema, filter: Filter, update: Update): T {
    const seed = seedFromFilter(filter);
    const id = typeof seed['_id'] === 'string' ? seed['_id'] : randomUUID();
    const doc = applyUpdate({ ...seed, _id: id } as Doc, update, true).doc as T;
    this.insertRow(schema, doc);
    return doc;
  }
}
