/** Sort, skip/limit and projection over documents already selected by a filter. */
import { AppError } from '../errors/index.ts';
import type { Doc, FindOptions, Projection, SortSpec } from '../ports/store.ts';
import { compareValues, deepClone, isPlainObject, resolvePath, unsetPath } from './codec.ts';

/** The key a document sorts by: for arrays MongoDB uses the smallest element ascending, largest descending. */
function sortKey(doc: Doc, path: string, direction: 1 | -1): unknown {
  const values = resolvePath(doc, path.split('.')).flatMap((v) => (Array.isArray(v) ? (v.length ? v : [undefined]) : [v]));
  let best = values[0];
  for (const v of values.slice(1)) {
    const c = compareValues(v, best);
    if ((direction === 1 && c < 0) || (direction === -1 && c > 0)) best = v;
  }
  return best;
}

export function sortDocs(docs: Doc[], sort: SortSpec): Doc[] {
  const fields = Object.entries(sort);
  if (fields.length === 0) return docs;
  const keyed = docs.map((doc) => ({ doc, keys: fields.map(([path, dir]) => sortKey(doc, path, dir)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i]);
      if (c !== 0) return c * (fields[i] as [string, 1 | -1])[1];
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}

export function pageDocs(docs: Doc[], options: FindOptions): Doc[] {
  const skip = options.skip ?? 0;
  const end = options.limit ? skip + options.limit : undefined;
  return skip || end !== undefined ? docs.slice(skip, end) : docs;
}

/** A caller's copy of `doc`, projected. */
export function projectDoc(doc: Doc, projection: Projection | undefined): Doc {
  if (!projection || Object.keys(projection).length === 0) return deepClone(doc);
  const entries = Object.entries(projection);
  const inclusive = entries.filter(([k]) => k !== '_id').map(([, v]) => Boolean(v));
  if (inclusive.some((v) => v) && inclusive.some((v) => !v)) {
    throw new AppError('VALIDATION_FAILED', 'a projection cannot mix inclusion and exclusion');
  }
  if (inclusive.length > 0 && inclusive[0]) return includeFields(doc, entries);
  const out = deepClone(doc) as Record<string, unknown>;
  for (const [path, v] of entries) if (!v) unsetPath(out, path);
  return out as Doc;
}

function includeFields(doc: Doc, entries: Array<[string, 0 | 1]>): Doc {
  const out: Record<string, unknown> = {};
  if (keepsId(entries)) out['_id'] = doc._id;
  for (const [path, v] of entries) {
    if (path === '_id' || !v) continue;
    copyPath(doc, out, path.split('.'));
  }
  return out as Doc;
}

function keepsId(entries: Array<[string, 0 | 1]>): boolean {
  const id = entries.find(([k]) => k === '_id');
  return id === undefined || Boolean(id[1]);
}

/** Copies one dotted path into `target`, mapping over arrays of subdocuments like MongoDB. */
function copyPath(source: unknown, target: Record<string, unknown>, parts: string[]): void {
  const [head, ...rest] = parts as [string, ...string[]];
  if (!isPlainObject(source) || !(head in source)) return;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = deepClone(value);
  } else if (Array.isArray(value)) {
    const existing = Array.isArray(target[head]) ? (target[head] as unknown[]) : [];
    target[head] = value.filter(isPlainObject).map((el, i) => {
      const into = isPlainObject(existing[i]) ? (existing[i] as Record<string, unknown>) : {};
      copyPath(el, into, rest);
      return into;
    });
  } else if (isPlainObject(value)) {
    const into = isPlainObject(target[head]) ? (target[head] as Record<string, unknown>) : {};
    copyPath(value, into, rest);
    target[head] = into;
  }
}
