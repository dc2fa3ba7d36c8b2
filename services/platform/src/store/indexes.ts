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

/** A type-tagged string per value, so 1 and '1' differ; scalars skip JSON for speed. */
function encodeKeyPart(v: unknown): string {
  switch (typeof v) {
    case 'string': return `s${v}`;
    case 'number': return `n${v}`;
    case 'boolean': return `b${v}`;
    case 'undefined': return 'z';
    default:
      if (v === null) return 'z';
      if (v instanceof Date) return `d${v.getTime()}`;
      return `o${encodeTagged(v)}`;
  }
}

/** Compound keys: every prefix extended by every part (plain loops: this is the hot path). */
function extendKeys(prefixes: string[] | null, parts: string[]): string[] {
  if (prefixes === null) return parts;
  const out: string[] = [];
  for (const prefix of prefixes) for (const part of parts) out.push(`${prefix}\u0000${part}`);
  return out;
}

/** Every key `doc` has in an index over `fields` (the product of multikey values). */
function keysOf(doc: Doc, fields: string[][]): string[] {
  let keys: string[] | null = null;
  for (const parts of fields) {
    const encoded = new Set<string>();
    for (const v of resolvePath(doc, parts)) {
      if (!Array.isArray(v)) encoded.add(encodeKeyPart(v));
      else if (v.length === 0) encoded.add(encodeKeyPart(undefined));
      else for (const el of v) encoded.add(encodeKeyPart(el));
    }
    keys = extendKeys(keys, [...encoded]);
  }
  return keys ?? [];
}

const EMPTY: ReadonlySet<string> = new Set();

export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  private readonly paths: string[][];
  private readonly entries = new Map<string, Set<string>>();

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.keys);
    this.paths = this.fields.map((f) => f.split('.'));
  }

  add(doc: Doc): void {
    for (const key of keysOf(doc, this.paths)) {
      let ids = this.entries.get(key);
      if (!ids) this.entries.set(key, (ids = new Set()));
      ids.add(doc._id);
    }
  }

  remove(doc: Doc): void {
    for (const key of keysOf(doc, this.paths)) {
      const ids = this.entries.get(key);
      ids?.delete(doc._id);
      if (ids?.size === 0) this.entries.delete(key);
    }
  }

  /** Throws DUPLICATE_KEY when `doc` would share a unique key with another document. */
  assertUnique(doc: Doc): void {
    if (!this.spec.unique) return;
    for (const key of keysOf(doc, this.paths)) {
      const ids = this.entries.get(key);
      if (ids && (ids.size > 1 || !ids.has(doc._id))) {
        throw new AppError('DUPLICATE_KEY', `duplicate key for unique index ${this.spec.name}: ${key.replaceAll('\u0000', ', ')}`);
      }
    }
  }

  /** Ids under any of the keys (read-only), or null when the filter does not pin every field of this index. */
  lookup(filter: Filter): ReadonlySet<string> | null {
    let keys: string[] | null = null;
    for (const field of this.fields) {
      const values = equalityValues(filter[field]);
      if (!values) return null;
      keys = extendKeys(keys, values.map(encodeKeyPart));
    }
    if (keys === null) return null;
    if (keys.length === 1) return this.entries.get(keys[0] as string) ?? EMPTY;
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
