/**
 * Document store port, in MongoDB's query and update language (DESIGN.md §2).
 * Repositories are written once against it; mongoose lives inside the MongoDB
 * adapter only. Documents have a string `_id` (generated when missing).
 */
export type Doc = { _id: string } & Record<string, unknown>;

/** A MongoDB-style filter: equality on (dotted) paths and operators
 * $eq $ne $gt $gte $lt $lte $in $nin $exists $regex $and $or $not $elemMatch $size. */
export type Filter = Record<string, unknown>;

/** A MongoDB-style update: $set $unset $inc $push $pull $addToSet $setOnInsert $min $max
 * (a document without operators replaces the stored one, keeping `_id`). */
export type Update = Record<string, unknown>;

export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface IndexOptions {
  unique?: boolean;
  name?: string;
  /** Documents whose (Date) field is older than this are removed. */
  expireAfterSeconds?: number;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

export interface FindOneAndUpdateOptions {
  upsert?: boolean;
  /** Which version to return; default 'after'. */
  returnDocument?: 'before' | 'after';
  sort?: SortSpec;
  projection?: Projection;
}

/**
 * One collection. Every write is durable when its promise resolves (no
 * acknowledged write is lost after a crash) and atomic on one document.
 * A unique-index violation rejects with AppError code DUPLICATE_KEY.
 */
export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  createIndex(keys: SortSpec, options?: IndexOptions): Promise<void>;
  insertOne(doc: Omit<T, '_id'> & { _id?: string }): Promise<T>;
  insertMany(docs: Array<Omit<T, '_id'> & { _id?: string }>): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter?: Filter): Promise<number>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
}

/**
 * The view of the store inside a transaction: collections whose reads see the
 * transaction's own writes and whose writes commit or roll back together.
 */
export interface Transaction {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Runs `callback` once the transaction has committed; never after a rollback. */
  afterCommit(callback: () => void): void;
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /**
   * Runs `work` as one transaction: every write made through `tx` commits
   * together when it resolves, and none does when it throws (the error is
   * rethrown). Concurrent transactions never lose each other's updates.
   * Inside `work`, use only `tx.collection()`: the embedded adapter refuses
   * the store's own collections there (they would wait for this transaction),
   * and MongoDB may run `work` again after a transient write conflict, so keep
   * it free of effects outside the store.
   */
  withTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
