/**
 * MongoDB query, update, sort and projection semantics for documents held in
 * memory, from mingo (a maintained implementation of MongoDB's language).
 * This file adds only what the port promises beyond mingo: the operator set of
 * the port, MongoDB's refusal of arithmetic on non-numbers, upserts seeded
 * from the filter, and mingo's errors as VALIDATION_FAILED.
 */
import { isDeepStrictEqual } from 'node:util';
import { Context } from 'mingo/core';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { update as applyModifier, type Modifier } from 'mingo/updater';
import { AppError } from '../errors/index.ts';
import type { Doc, Filter, Projection, SortSpec, Update } from '../ports/store.ts';

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$push',
  '$pull',
  '$addToSet',
  '$setOnInsert',
  '$min',
  '$max',
]);

function invalid(err: unknown): AppError {
  return new AppError('VALIDATION_FAILED', err instanceof Error ? err.message : String(err), { cause: err });
}

/**
 * The query operators only (the port's filters use nothing else): mingo copies
 * its context's operator tables into every Query, and the full default context
 * (every expression, pipeline and accumulator operator too) made each compile
 * about twice as slow.
 */
const QUERY_CONTEXT = Context.init({ query: queryOperators });
const PROJECTION_CONTEXT = Context.init({ query: queryOperators, projection: projectionOperators });

/** A compiled filter; throws VALIDATION_FAILED for operators MongoDB would refuse. */
export function compileFilter(filter: Filter): (doc: Doc) => boolean {
  if (Object.keys(filter).length === 0) return () => true;
  try {
    const query = new Query(filter, { context: QUERY_CONTEXT });
    return (doc) => query.test(doc);
  } catch (err) {
    throw invalid(err);
  }
}

export function isReplacement(update: Update): boolean {
  return !Object.keys(update).some((k) => k.startsWith('$'));
}

function valueAt(doc: Record<string, unknown>, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function assertOperators(update: Update, doc: Doc): void {
  for (const [op, fields] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(op)) throw new AppError('VALIDATION_FAILED', `unsupported update operator ${op}`);
    if (fields === null || typeof fields !== 'object') throw new AppError('VALIDATION_FAILED', `${op} needs an object`);
    if (op !== '$inc') continue;
    for (const [path, by] of Object.entries(fields)) {
      const current = valueAt(doc, path);
      if (typeof by !== 'number' || (current !== undefined && typeof current !== 'number')) {
        throw new AppError('VALIDATION_FAILED', `cannot $inc ${path}: not a number`, { field: path });
      }
    }
  }
}

/**
 * The updated copy of `doc` (never `doc` itself), and whether anything changed
 * (mingo reports the paths it modified). `$setOnInsert` applies only when
 * `inserting`; a replacement keeps `_id`.
 */
export function applyUpdate(doc: Doc, update: Update, inserting: boolean): { doc: Doc; changed: boolean } {
  if (isReplacement(update)) {
    if (update['_id'] !== undefined && update['_id'] !== doc._id)
      throw new AppError('VALIDATION_FAILED', 'the _id of a document cannot change');
    const replaced = { ...structuredClone(update), _id: doc._id } as Doc;
    return { doc: replaced, changed: !isDeepStrictEqual(replaced, doc) };
  }
  assertOperators(update, doc);
  const { $setOnInsert: onInsert, ...rest } = update as Record<string, Record<string, unknown>>;
  const modifier: Record<string, unknown> = { ...rest };
  if (inserting && onInsert) modifier['$set'] = { ...onInsert, ...(rest['$set'] ?? {}) };
  const copy = structuredClone(doc);
  if (Object.keys(modifier).length === 0) return { doc: copy, changed: false };
  const set = modifier['$set'] as Record<string, unknown> | undefined;
  if (set && '_id' in set) {
    if (set['_id'] !== doc._id) throw new AppError('VALIDATION_FAILED', 'the _id of a document cannot change');
    const { _id: _same, ...others } = set;
    modifier['$set'] = others;
  }
  try {
    const modified = applyModifier(copy, modifier as Modifier<Doc>, [], {}, { cloneMode: 'deep' });
    return { doc: copy, changed: modified.length > 0 };
  } catch (err) {
    throw invalid(err);
  }
}

/** What an upsert inserts before its update applies: the filter's equalities (MongoDB's rule). */
export function seedFromFilter(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) {
      for (const sub of cond as Filter[]) Object.assign(seed, seedFromFilter(sub));
      continue;
    }
    if (key.startsWith('$') || cond instanceof RegExp) continue;
    const isOperators =
      cond !== null &&
      typeof cond === 'object' &&
      !Array.isArray(cond) &&
      !(cond instanceof Date) &&
      Object.keys(cond).some((k) => k.startsWith('$'));
    if (isOperators && !('$eq' in cond)) continue;
    const value = isOperators ? (cond as Record<string, unknown>)['$eq'] : cond;
    // mingo guards _id as immutable; a seed is a new document, so it is set directly.
    if (key === '_id') seed['_id'] = value;
    else applyModifier(seed, { $set: { [key]: structuredClone(value) } }, [], {}, { cloneMode: 'deep' });
  }
  return seed;
}

/** Sorted copy of `docs` in MongoDB's order (type order, then value). */
export function sortDocs<T extends Doc>(docs: T[], sort: SortSpec | undefined): T[] {
  if (!sort || Object.keys(sort).length === 0) return docs;
  return new Query({}, { context: QUERY_CONTEXT }).find<T>(docs).sort(sort).all();
}

export function assertProjection(projection: Projection | undefined): void {
  if (!projection) return;
  const modes = new Set(
    Object.entries(projection)
      .filter(([k]) => k !== '_id')
      .map(([, v]) => v),
  );
  if (modes.size > 1) throw new AppError('VALIDATION_FAILED', 'a projection cannot mix inclusion and exclusion');
}

export function projectDoc<T extends Doc>(doc: T, projection: Projection | undefined): T {
  if (!projection || Object.keys(projection).length === 0) return doc;
  try {
    const project = new Query<Doc>({}, { context: PROJECTION_CONTEXT })
      .find<Record<string, unknown>>([doc], projection as Record<string, 0 | 1>)
      .all()[0];
    return project as T;
  } catch (err) {
    throw invalid(err);
  }
}
