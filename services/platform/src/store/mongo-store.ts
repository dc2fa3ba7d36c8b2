/**
 * The Collection port on MongoDB through mongoose's connection (the filter
 * and update language is MongoDB's own, so it passes through). Ids are
 * strings generated here, never ObjectIds; E11000 becomes DUPLICATE_KEY.
 */
import { randomUUID } from 'node:crypto';
// Loaded on first use, so processes on the embedded store never pay for the driver.
import type mongoose from 'mongoose';
import { AppError } from '../errors/index.ts';
import type {
  Collection,
  Doc,
  DocumentStore,
  Filter,
  Transaction,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  SortSpec,
  Update,
  UpdateResult,
} from '../ports/store.ts';
import { isReplacement } from './mongo-semantics.ts';
import { runAfterCommit } from './after-commit.ts';

export interface MongoStoreOptions {
  url: string;
  /** Overrides the database named in the URL (tests use one database each). */
  dbName?: string;
}

type Raw = mongoose.mongo.Collection<mongoose.mongo.Document>;
type NewDoc<T> = Omit<T, '_id'> & { _id?: string };

function mapError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (code === 11000 || code === 11001) return new AppError('DUPLICATE_KEY', (err as Error).message, { cause: err });
  return err;
}

async function guarded<R>(op: () => Promise<R>): Promise<R> {
  try {
    return await op();
  } catch (err) {
    throw mapError(err);
  }
}

/** An upsert that would insert gets a string _id unless the filter already pins one. */
function withInsertId(filter: Filter, update: Update): Update {
  if (filter['_id'] !== undefined) return update;
  if (isReplacement(update)) return update['_id'] === undefined ? { ...update, _id: randomUUID() } : update;
  const onInsert = (update['$setOnInsert'] ?? {}) as Record<string, unknown>;
  return { ...update, $setOnInsert: { _id: randomUUID(), ...onInsert } };
}

type Session = mongoose.mongo.ClientSession;

class MongoCollection<T extends Doc> implements Collection<T> {
  readonly name: string;
  private readonly raw: Raw;
  /** Inside withTransaction every operation carries the transaction's session. */
  private readonly session: { session?: Session };

  constructor(raw: Raw, session?: Session) {
    this.raw = raw;
    this.name = raw.collectionName;
    this.session = session ? { session } : {};
  }

  async createIndex(keys: SortSpec, options: IndexOptions = {}): Promise<void> {
    await guarded(() => this.raw.createIndex(keys, { ...options, ...this.session }));
  }

  async insertOne(doc: NewDoc<T>): Promise<T> {
    const full = { ...doc, _id: doc._id ?? randomUUID() };
    await guarded(() =>
      this.raw.insertOne(full as unknown as mongoose.mongo.OptionalId<mongoose.mongo.Document>, this.session),
    );
    return full as unknown as T;
  }

  async insertMany(docs: Array<NewDoc<T>>): Promise<T[]> {
    if (docs.length === 0) return [];
    const full = docs.map((d) => ({ ...d, _id: d._id ?? randomUUID() }));
    await guarded(() =>
      this.raw.insertMany(full as unknown as Array<mongoose.mongo.OptionalId<mongoose.mongo.Document>>, {
        ordered: true,
        ...this.session,
      }),
    );
    return full as unknown as T[];
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    return (await this.raw.findOne(filter, { ...options, ...this.session })) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return (await this.raw.find(filter, { ...options, ...this.session }).toArray()) as unknown as T[];
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.raw.countDocuments(filter, this.session);
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    const body = upsert ? withInsertId(filter, update) : update;
    const res = await guarded(() =>
      isReplacement(body)
        ? this.raw.replaceOne(filter, body, { upsert, ...this.session })
        : this.raw.updateOne(filter, body, { upsert, ...this.session }),
    );
    return toResult(res);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    if (isReplacement(update)) throw new AppError('VALIDATION_FAILED', 'updateMany needs update operators');
    return toResult(await guarded(() => this.raw.updateMany(filter, update, this.session)));
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const upsert = options.upsert ?? false;
    const body = upsert ? withInsertId(filter, update) : update;
    const opts: mongoose.mongo.FindOneAndUpdateOptions = {
      upsert,
      returnDocument: options.returnDocument ?? 'after',
      ...this.session,
    };
    if (options.sort) opts.sort = options.sort;
    if (options.projection) opts.projection = options.projection;
    const doc = await guarded(() =>
      isReplacement(body)
        ? this.raw.findOneAndReplace(filter, body, opts)
        : this.raw.findOneAndUpdate(filter, body, opts),
    );
    return doc as T | null;
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return { deletedCount: (await this.raw.deleteOne(filter, this.session)).deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    return { deletedCount: (await this.raw.deleteMany(filter, this.session)).deletedCount };
  }
}

function toResult(res: mongoose.mongo.UpdateResult | mongoose.mongo.Document): UpdateResult {
  const r = res as mongoose.mongo.UpdateResult;
  return {
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    upsertedId: r.upsertedId === null ? null : String(r.upsertedId),
  };
}

export async function createMongoStore(options: MongoStoreOptions): Promise<DocumentStore> {
  const { default: driver } = await import('mongoose');
  const connection = await driver
    .createConnection(options.url, options.dbName ? { dbName: options.dbName } : {})
    .asPromise();
  const db = connection.db;
  if (!db) throw new AppError('UNAVAILABLE', 'MongoDB connection has no database');
  const cache = new Map<string, MongoCollection<Doc>>();
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let coll = cache.get(name);
      if (!coll) cache.set(name, (coll = new MongoCollection<Doc>(db.collection(name))));
      return coll as unknown as Collection<T>;
    },
    /** A MongoDB session transaction (needs a replica set); the driver retries `work` on transient conflicts. */
    async withTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
      const session = await connection.startSession();
      try {
        let result: R | undefined;
        let committed: Array<() => void> = [];
        await session.withTransaction(async () => {
          committed = []; // a retried attempt starts afresh
          result = await work({
            collection: <C extends Doc = Doc>(name: string) => new MongoCollection<C>(db.collection(name), session),
            afterCommit: (callback) => committed.push(callback),
          });
        });
        runAfterCommit(committed);
        return result as R;
      } catch (err) {
        throw mapError(err);
      } finally {
        await session.endSession();
      }
    },
    async ping() {
      await db.command({ ping: 1 });
    },
    async close() {
      await connection.close();
    },
  };
}
