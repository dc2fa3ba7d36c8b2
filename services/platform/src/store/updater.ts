/**
 * MongoDB's update language applied to a private copy of a document:
 * $set $unset $inc $push $pull $addToSet $setOnInsert $min $max, or a
 * replacement document (which keeps `_id`).
 */
import { AppError } from '../errors/index.ts';
import type { Doc, Filter, Update } from '../ports/store.ts';
import { compareValues, deepClone, getPath, isPlainObject, setPath, unsetPath, valuesEqual } from './codec.ts';
import { elementMatches, isOperatorObject, matchCondition } from './matcher.ts';

export function isReplacement(update: Update): boolean {
  return !Object.keys(update).some((k) => k.startsWith('$'));
}

/** Returns the updated copy; `doc` itself is never modified. */
export function applyUpdate(doc: Doc, update: Update, isInsert: boolean): Doc {
  if (isReplacement(update)) {
    const replaced = deepClone(update) as Record<string, unknown>;
    if (replaced['_id'] !== undefined && replaced['_id'] !== doc._id) throw immutableId();
    return { ...replaced, _id: doc._id };
  }
  const next = deepClone(doc) as Record<string, unknown>;
  for (const [op, fields] of Object.entries(update)) {
    if (!isPlainObject(fields)) throw new AppError('VALIDATION_FAILED', `${op} needs an object`);
    if (op === '$setOnInsert' && !isInsert) continue;
    for (const [path, arg] of Object.entries(fields)) applyOperator(next, op, path, arg);
  }
  if (next['_id'] !== doc._id) throw immutableId();
  return next as Doc;
}

function immutableId(): AppError {
  return new AppError('VALIDATION_FAILED', "the field '_id' is immutable");
}

function applyOperator(doc: Record<string, unknown>, op: string, path: string, arg: unknown): void {
  try {
    const apply = OPERATORS[op];
    if (!apply) unknownOperator(op);
    apply(doc, path, arg);
  } catch (err) {
    if (err instanceof TypeError) throw new AppError('VALIDATION_FAILED', `${op} on '${path}': ${err.message}`);
    throw err;
  }
}

function unknownOperator(op: string): never {
  throw new AppError('VALIDATION_FAILED', `unsupported update operator ${op}`);
}

type OperatorFn = (doc: Record<string, unknown>, path: string, arg: unknown) => void;

const OPERATORS: Record<string, OperatorFn> = {
  $set: (doc, path, arg) => setPath(doc, path, deepClone(arg)),
  $setOnInsert: (doc, path, arg) => setPath(doc, path, deepClone(arg)),
  $unset: (doc, path) => unsetPath(doc, path),
  $inc: (doc, path, arg) => {
    if (typeof arg !== 'number') throw new TypeError('the increment must be a number');
    const current = getPath(doc, path);
    if (current === undefined) return setPath(doc, path, arg);
    if (typeof current !== 'number') throw new TypeError('cannot increment a non-numeric value');
    setPath(doc, path, current + arg);
  },
  $min: (doc, path, arg) => {
    const current = getPath(doc, path);
    if (current === undefined || compareValues(arg, current) < 0) setPath(doc, path, deepClone(arg));
  },
  $max: (doc, path, arg) => {
    const current = getPath(doc, path);
    if (current === undefined || compareValues(arg, current) > 0) setPath(doc, path, deepClone(arg));
  },
  $push: (doc, path, arg) => {
    const list = arrayAt(doc, path);
    const { items, slice } = eachItems(arg);
    list.push(...items);
    if (slice !== undefined) list.splice(0, list.length, ...(slice < 0 ? list.slice(slice) : list.slice(0, slice)));
  },
  $addToSet: (doc, path, arg) => {
    const list = arrayAt(doc, path);
    for (const item of eachItems(arg).items) if (!list.some((x) => valuesEqual(x, item))) list.push(item);
  },
  $pull: (doc, path, arg) => {
    const current = getPath(doc, path);
    if (current === undefined) return;
    if (!Array.isArray(current)) throw new TypeError('cannot $pull from a non-array');
    const kept = current.filter((el) => !pullMatches(el, arg));
    current.splice(0, current.length, ...kept);
  },
};

/** The array at `path`, created empty when missing. */
function arrayAt(doc: Record<string, unknown>, path: string): unknown[] {
  const current = getPath(doc, path);
  if (current === undefined) {
    const created: unknown[] = [];
    setPath(doc, path, created);
    return created;
  }
  if (!Array.isArray(current)) throw new TypeError('the field is not an array');
  return current;
}

function eachItems(arg: unknown): { items: unknown[]; slice: number | undefined } {
  if (isPlainObject(arg) && '$each' in arg) {
    if (!Array.isArray(arg['$each'])) throw new TypeError('$each needs an array');
    const slice = typeof arg['$slice'] === 'number' ? arg['$slice'] : undefined;
    return { items: arg['$each'].map((x) => deepClone(x)), slice };
  }
  return { items: [deepClone(arg)], slice: undefined };
}

/** $pull takes a value, a condition on the element, or a filter on element fields. */
function pullMatches(el: unknown, cond: unknown): boolean {
  if (isOperatorObject(cond) || cond instanceof RegExp) return matchCondition([el], cond);
  if (isPlainObject(cond) && isPlainObject(el)) return elementMatches(el, cond);
  return valuesEqual(el, cond);
}

/**
 * The document an upsert starts from: the filter's equality conditions
 * (top level and inside $and), as MongoDB seeds it.
 */
export function seedFromFilter(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) {
      for (const sub of cond as Filter[]) Object.assign(seed, seedFromFilter(sub));
    } else if (!key.startsWith('$')) {
      if (isOperatorObject(cond)) {
        if ('$eq' in cond) setPath(seed, key, deepClone(cond['$eq']));
      } else if (!(cond instanceof RegExp)) {
        setPath(seed, key, deepClone(cond));
      }
    }
  }
  return seed;
}
