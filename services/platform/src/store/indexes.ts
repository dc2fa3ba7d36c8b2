/**
 * In-memory secondary indexes of one collection: encoded key → ids. Arrays
 * are indexed per element (multikey) and a missing field indexes as null, as
 * in MongoDB, so a unique index admits one document without the field.
 */
import { AppError } from '../errors/index.ts';
import type { Doc, Filter, IndexOptions, SortSpec } from '../ports/store.ts';
import { encodeTagged, isPlainObject, resolvePath } from './codec.ts';

export interface IndexSpec {
  name: string;
  keys: SortSpec;
  unique: boolean;
  expireAfterSeconds?: number;
}

export function indexSpec(keys: SortSpec, options: IndexOptions = {}): IndexSpec {
  const fields = Object.keys(keys);
  if (fields.length === 0) throw new AppError('VALIDATION_FAILED', 'an index needs at least one key');
  const name = options.name ?? Object.entries(keys).map(([k, d]) => `${k}_${d}`).join('_');
  const spec: IndexSpec = { name, keys: { ...keys }, unique: options.unique ?? false };
  if (options.expireAfterSeconds !== undefined) spec.expireAfterSeconds = options.expireAfterSeconds;
  return spec;
}

function encodeKeyPart(v: unknown): string {
  return encodeTagged(v === undefined ? null : v);
}

/** Every key `doc` has in an index over `fields` (the product of multikey values). */
function keysOf(doc: Doc, fields: string[]): string[] {
  let keys = [''];
  for (const field of fields) {
    const values = resolvePath(doc, field.split('.')).flatMap((v) => (Array.isArray(v) ? (v.length ? v : [undefined]) : [v]));
    const parts = [...new Set(values.map(encodeKeyPart))];
    keys = keys.flatMap((prefix) => parts.map((p) => (prefix ? `${prefix}\u0000${p}` : p)));
  }
  return keys;
}

export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  private readonly entries = new Map<string, Set<string>>();

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.keys);
  }

  add(doc: Doc): void {
    for (const key of keysOf(doc, this.fields)) {
      let ids = this.entries.get(key);
      if (!ids) this.entries.set(key, (ids = new Set()));
      ids.add(doc._id);
    }
  }

  remove(doc: Doc): void {
    for (const key of keysOf(doc, this.fields)) {
      const ids = this.entries.get(key);
      ids?.delete(doc._id);
      if (ids?.size === 0) this.entries.delete(key);
    }
  }

  /** Throws DUPLICATE_KEY when `doc` would share a unique key with another document. */
  assertUnique(doc: Doc): void {
    if (!this.spec.unique) return;
    for (const key of keysOf(doc, this.fields)) {
      const ids = this.entries.get(key);
      if (ids && (ids.size > 1 || !ids.has(doc._id))) {
        throw new AppError('DUPLICATE_KEY', `duplicate key for unique index ${this.spec.name}: ${key.replaceAll('\u0000', ', ')}`);
      }
    }
  }

  /** Ids under any of the keys, or null when the filter does not pin every field of this index. */
  lookup(filter: Filter): Set<string> | null {
    let keys = [''];
    for (const field of this.fields) {
      const values = equalityValues(filter[field]);
      if (!values) return null;
      const parts = values.map(encodeKeyPart);
      keys = keys.flatMap((prefix) => parts.map((p) => (prefix ? `${prefix}\u0000${p}` : p)));
    }
    const out = new Set<string>();
    for (const key of keys) for (const id of this.entries.get(key) ?? []) out.add(id);
    return out;
  }
}

function isIndexableLiteral(v: unknown): boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date;
}

/** The literal values a condition pins a field to ({f: v}, {$eq: v}, {$in: [...]}), if it does. */
function equalityValues(cond: unknown): unknown[] | null {
  if (isIndexableLiteral(cond)) return [cond];
  if (!isPlainObject(cond)) return null;
  const ops = Object.keys(cond);
  if (ops.length !== 1) return null;
  if (ops[0] === '$eq' && isIndexableLiteral(cond['$eq'])) return [cond['$eq']];
  const list = cond['$in'];
  if (ops[0] === '$in' && Array.isArray(list) && list.every(isIndexableLiteral)) return list;
  return null;
}

/** The moment a document expires under a TTL index, or null (MongoDB uses the earliest date of an array). */
export function expiryOf(doc: Doc, spec: IndexSpec): number | null {
  if (spec.expireAfterSeconds === undefined) return null;
  const field = Object.keys(spec.keys)[0] as string;
  const dates = resolvePath(doc, field.split('.'))
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is Date => v instanceof Date);
  if (dates.length === 0) return null;
  return Math.min(...dates.map((d) => d.getTime())) + spec.expireAfterSeconds * 1000;
}
