/**
 * MongoDB's filter language evaluated in memory. A field condition is tested
 * against every value its dotted path reaches, and an array value matches when
 * the array itself or any of its elements does (multikey semantics).
 */
import { AppError } from '../errors/index.ts';
import type { Filter } from '../ports/store.ts';
import { compareValues, isPlainObject, resolvePath, typeRank, valuesEqual } from './codec.ts';

export function matches(doc: unknown, filter: Filter): boolean {
  for (const [key, cond] of Object.entries(filter)) {
    if (!matchTopLevel(doc, key, cond)) return false;
  }
  return true;
}

function matchTopLevel(doc: unknown, key: string, cond: unknown): boolean {
  switch (key) {
    case '$and': return asFilterList(key, cond).every((f) => matches(doc, f));
    case '$or': return asFilterList(key, cond).some((f) => matches(doc, f));
    case '$nor': return !asFilterList(key, cond).some((f) => matches(doc, f));
    default:
      if (key.startsWith('$')) throw new AppError('VALIDATION_FAILED', `unknown top-level operator ${key}`);
      return matchCondition(resolvePath(doc, key.split('.')), cond);
  }
}

function asFilterList(op: string, cond: unknown): Filter[] {
  if (!Array.isArray(cond) || cond.length === 0) throw new AppError('VALIDATION_FAILED', `${op} needs a non-empty array`);
  return cond as Filter[];
}

export function isOperatorObject(cond: unknown): cond is Record<string, unknown> {
  if (!isPlainObject(cond)) return false;
  const keys = Object.keys(cond);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

/** A condition (operator object, regex or literal) against the values one path reached. */
export function matchCondition(values: unknown[], cond: unknown): boolean {
  if (cond instanceof RegExp) return anyValue(values, (v) => typeof v === 'string' && cond.test(v));
  if (!isOperatorObject(cond)) return matchEquality(values, cond);
  const ops = cond;
  for (const [op, arg] of Object.entries(ops)) {
    if (op === '$options') continue;
    if (!matchOperator(values, op, arg, ops)) return false;
  }
  return true;
}

/** True when some reached value, or some element of a reached array, passes. */
function anyValue(values: unknown[], test: (v: unknown) => boolean): boolean {
  return values.some((v) => test(v) || (Array.isArray(v) && v.some(test)));
}

function matchEquality(values: unknown[], expected: unknown): boolean {
  // {field: null} also matches a missing field, as in MongoDB.
  if (expected === null) return anyValue(values, (v) => v === null || v === undefined);
  return anyValue(values, (v) => v !== undefined && valuesEqual(v, expected));
}

function sameBracket(a: unknown, b: unknown): boolean {
  return a !== undefined && typeRank(a) === typeRank(b);
}

function matchOperator(values: unknown[], op: string, arg: unknown, ops: Record<string, unknown>): boolean {
  switch (op) {
    case '$eq': return matchEquality(values, arg);
    case '$ne': return !matchEquality(values, arg);
    case '$gt': return anyValue(values, (v) => sameBracket(v, arg) && compareValues(v, arg) > 0);
    case '$gte': return anyValue(values, (v) => sameBracket(v, arg) && compareValues(v, arg) >= 0);
    case '$lt': return anyValue(values, (v) => sameBracket(v, arg) && compareValues(v, arg) < 0);
    case '$lte': return anyValue(values, (v) => sameBracket(v, arg) && compareValues(v, arg) <= 0);
    case '$in': return asArray(op, arg).some((x) => (x instanceof RegExp ? matchCondition(values, x) : matchEquality(values, x)));
    case '$nin': return !asArray(op, arg).some((x) => (x instanceof RegExp ? matchCondition(values, x) : matchEquality(values, x)));
    case '$exists': return values.some((v) => v !== undefined) === Boolean(arg);
    case '$regex': return matchCondition(values, toRegExp(arg, ops['$options']));
    case '$not': return !matchCondition(values, arg);
    case '$size': return values.some((v) => Array.isArray(v) && v.length === arg);
    case '$elemMatch': return values.some((v) => Array.isArray(v) && v.some((el) => elementMatches(el, arg)));
    case '$all': return asArray(op, arg).every((x) => matchCondition(values, x));
    default: throw new AppError('VALIDATION_FAILED', `unsupported query operator ${op}`);
  }
}

function asArray(op: string, arg: unknown): unknown[] {
  if (!Array.isArray(arg)) throw new AppError('VALIDATION_FAILED', `${op} needs an array`);
  return arg;
}

export function toRegExp(pattern: unknown, options: unknown): RegExp {
  if (pattern instanceof RegExp) return options === undefined ? pattern : new RegExp(pattern.source, String(options));
  if (typeof pattern !== 'string') throw new AppError('VALIDATION_FAILED', '$regex needs a string or RegExp');
  return new RegExp(pattern, typeof options === 'string' ? options : undefined);
}

/** $elemMatch: operator conditions apply to the element itself, field conditions to its fields. */
export function elementMatches(el: unknown, cond: unknown): boolean {
  if (!isPlainObject(cond)) throw new AppError('VALIDATION_FAILED', '$elemMatch needs an object');
  if (isOperatorObject(cond) && !('$and' in cond || '$or' in cond || '$nor' in cond)) return matchCondition([el], cond);
  return isPlainObject(el) && matches(el, cond);
}
