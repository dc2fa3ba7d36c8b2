import { randomUUID } from 'node:crypto';
import type { Collection, Doc, DocumentStore, Eventing, Filter, FindOptions, Transaction, Update } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';
import { dataProblem } from '@talkwith/platform/eventing';
import type { EventEnvelope } from '@talkwith/proto';

/**
 * TEST DOUBLE of the store port, in memory, for the ledger's property tests:
 * the embedded store commits each transaction durably (~4 ms here), too slow
 * for 10,000 random sequences. It implements only the subset of MongoDB's
 * language the ledger uses and throws on anything else, so a divergence
 * shows; the same properties also run against the real embedded store.
 * Transactions are serialised (as in the embedded store) and roll back by
 * restoring a snapshot. Stored documents are never changed in place (an
 * update stores a new object), so a snapshot copies the maps, not the documents.
 */
type Tables = Map<string, Map<string, Doc>>;

const COMPARE: Record<string, (a: unknown, b: unknown) => boolean> = {
  $eq: (a, b) => a === b,
  $ne: (a, b) => a !== b,
  $gt: (a, b) => a !== undefined && (a as number) > (b as number),
  $gte: (a, b) => a !== undefined && (a as number) >= (b as number),
  $lt: (a, b) => a !== undefined && (a as number) < (b as number),
  $lte: (a, b) => a !== undefined && (a as number) <= (b as number),
  $in: (a, b) => (b as unknown[]).includes(a),
  $exists: (a, b) => (a !== undefined) === b,
};

function matches(doc: Doc, filter: Filter): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    const value = doc[field];
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return value === condition;
    return Object.entries(condition).every(([op, operand]) => {
      const compare = COMPARE[op];
      if (!compare) throw new Error(`memory store: unsupported operator ${op}`);
      return compare(value, operand);
    });
  });
}

function applyUpdate(doc: Doc, update: Update, inserting: boolean): Doc {
  const next: Doc = { ...doc };
  for (const [op, fields] of Object.entries(update)) {
    const pairs = Object.entries(fields as Record<string, unknown>);
    if (op === '$inc') for (const [k, v] of pairs) next[k] = ((next[k] as number | undefined) ?? 0) + (v as number);
    else if (op === '$set' || (op === '$setOnInsert' && inserting)) for (const [k, v] of pairs) next[k] = v;
    else if (op !== '$setOnInsert') throw new Error(`memory store: unsupported update ${op}`);
  }
  return next;
}

function seedOf(filter: Filter): Doc {
  const seed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter)) if (v === null || typeof v !== 'object') seed[k] = v;
  return { _id: randomUUID(), ...seed } as Doc;
}

function sorted<T extends Doc>(docs: T[], sort: FindOptions['sort']): T[] {
  if (!sort) return docs;
  const keys = Object.entries(sort);
  return [...docs].sort((a, b) => {
    for (const [k, dir] of keys) {
      const [x, y] = [a[k] as string | number, b[k] as string | number];
      if (x !== y) return (x < y ? -1 : 1) * dir;
    }
    return 0;
  });
}

/** Readers get their own top-level object (the ledger never mutates nested values). */
function copy<T extends Doc | null>(doc: T): T {
  return doc && { ...doc };
}

function collectionOf<T extends Doc>(tables: Tables, name: string): Collection<T> {
  if (!tables.has(name)) tables.set(name, new Map());
  const rows = tables.get(name)! as Map<string, T>;
  const all = (filter: Filter) => [...rows.values()].filter((doc) => matches(doc, filter));
  const insert = (doc: Omit<T, '_id'> & { _id?: string }): T => {
    const stored = { ...doc, _id: doc._id ?? randomUUID() } as T;
    if (rows.has(stored._id)) throw new AppError('DUPLICATE_KEY', `duplicate key in ${name}`);
    rows.set(stored._id, stored);
    return copy(stored);
  };
  const updateFirst = (filter: Filter, update: Update, upsert?: boolean): { before: T | null; after: T | null; upserted: string | null } => {
    const [found] = all(filter);
    if (found) {
      const after = applyUpdate(found, update, false) as T;
      rows.set(found._id, after);
      return { before: found, after, upserted: null };
    }
    if (!upsert) return { before: null, after: null, upserted: null };
    const created = applyUpdate(seedOf(filter), update, true) as T;
    insert(created);
    return { before: null, after: created, upserted: created._id };
  };
  return {
    name,
    createIndex: async () => undefined,
    insertOne: async (doc) => insert(doc),
    insertMany: async (docs) => docs.map(insert),
    findOne: async (filter, options) => copy(sorted(all(filter), options?.sort)[0] ?? null),
    find: async (filter, options) => {
      const skip = options?.skip ?? 0;
      return sorted(all(filter), options?.sort).slice(skip, options?.limit ? skip + options.limit : undefined).map(copy);
    },
    countDocuments: async (filter = {}) => all(filter).length,
    updateOne: async (filter, update, options) => {
      const { before, upserted } = updateFirst(filter, update, options?.upsert);
      return { matchedCount: before ? 1 : 0, modifiedCount: before ? 1 : 0, upsertedId: upserted };
    },
    updateMany: async () => { throw new Error('memory store: updateMany is not used by the ledger'); },
    findOneAndUpdate: async (filter, update, options) => {
      const { before, after } = updateFirst(filter, update, options?.upsert);
      return copy(options?.returnDocument === 'before' ? before : after);
    },
    deleteOne: async (filter) => { const [found] = all(filter); if (found) rows.delete(found._id); return { deletedCount: found ? 1 : 0 }; },
    deleteMany: async (filter) => { const found = all(filter); for (const doc of found) rows.delete(doc._id); return { deletedCount: found.length }; },
  };
}

export function createMemoryStore(): DocumentStore {
  let tables: Tables = new Map();
  let queue: Promise<unknown> = Promise.resolve();
  return {
    collection: (name) => collectionOf(tables, name),
    withTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
      const run = queue.then(async () => {
        const snapshot: Tables = new Map([...tables].map(([name, rows]) => [name, new Map(rows)]));
        const committed: Array<() => void> = [];
        try {
          const result = await work({ collection: (name) => collectionOf(tables, name), afterCommit: (callback) => committed.push(callback) });
          for (const callback of committed) callback();
          return result;
        } catch (err) {
          tables = snapshot;
          throw err;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
}

/** TEST DOUBLE of eventing: validates each event against the catalogue (as publish does) and keeps it in the transaction's `outbox`. */
export function createMemoryEvents(store: DocumentStore): Eventing {
  return {
    async publish(type, key, data, tx) {
      const problem = dataProblem(type, data);
      if (problem) throw new AppError('VALIDATION_FAILED', `cannot publish: ${problem}`);
      const envelope: EventEnvelope<typeof data> = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), key, data };
      await (tx ?? store).collection('outbox').insertOne({ type, key, envelope });
      return envelope;
    },
    consume: async () => { throw new Error('memory events: consume is not used by the ledger'); },
    close: async () => undefined,
  };
}
