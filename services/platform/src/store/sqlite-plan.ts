/**
 * How a MongoDB-style query becomes SQL on the SQLite store. Each collection is
 * a table (id, doc JSON); each index is an expression index over the JSON.
 *
 * The SQL never decides what matches: it narrows candidates (conditions on
 * indexed fields, pushed down so SQLite can use the index) and orders them
 * (so sort + limit stop early), and mingo checks every candidate exactly.
 * Pushdown is therefore only ever a superset of the matches, which holds as
 * long as the field holds no array in any document: such ("multikey") fields
 * are tracked per collection and never pushed down.
 */
import { AppError } from '../errors/index.ts';
import type { Filter, IndexOptions, SortSpec } from '../ports/store.ts';
import { encodeScalar } from './json-codec.ts';

export interface IndexDef {
  name: string;
  keys: SortSpec;
  unique: boolean;
  ttlSeconds: number | null;
}

export interface QueryPlan {
  where: string;
  params: Array<string | number | null>;
  /** SQL ORDER BY, or null when the sort must happen in memory. */
  orderBy: string | null;
}

const SAFE_SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function tableName(collection: string): string {
  return quoteIdent(`c_${collection}`);
}

/**
 * The SQL expression of a field. Missing and null both read as -Infinity (a
 * value JSON cannot hold): they sort first, as in MongoDB, and a unique index
 * admits one document without the field, as in MongoDB.
 */
export function fieldExpr(field: string): string {
  if (field === '_id') return 'id';
  const segments = field.split('.');
  if (!segments.every((s) => SAFE_SEGMENT.test(s))) {
    throw new AppError(
      'VALIDATION_FAILED',
      `cannot index the field "${field}": use letters, digits, _ and - in each dotted part`,
    );
  }
  return `ifnull(json_extract(doc, '$.${segments.join('.')}'), -9e999)`;
}

export function indexDef(keys: SortSpec, options: IndexOptions = {}): IndexDef {
  const fields = Object.keys(keys);
  if (fields.length === 0) throw new AppError('VALIDATION_FAILED', 'an index needs at least one key');
  for (const field of fields) fieldExpr(field);
  const name =
    options.name ??
    Object.entries(keys)
      .map(([k, d]) => `${k}_${d}`)
      .join('_');
  return { name, keys: { ...keys }, unique: options.unique ?? false, ttlSeconds: options.expireAfterSeconds ?? null };
}

export function createIndexSql(collection: string, def: IndexDef): string {
  const columns = Object.entries(def.keys).map(([field, dir]) => `${fieldExpr(field)}${dir === -1 ? ' DESC' : ''}`);
  const kind = def.unique ? 'UNIQUE INDEX' : 'INDEX';
  return `CREATE ${kind} IF NOT EXISTS ${quoteIdent(`ix_${collection}_${def.name}`)} ON ${tableName(collection)} (${columns.join(', ')})`;
}

type Bindable = string | number | null;

function scalar(value: unknown): Bindable | undefined {
  if (value === null || value === undefined || value instanceof RegExp) return undefined;
  if (typeof value === 'object' && !(value instanceof Date)) return undefined;
  const encoded = encodeScalar(value);
  return typeof encoded === 'string' || typeof encoded === 'number' ? encoded : undefined;
}

const COMPARISONS: Record<string, string> = { $eq: '=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** SQL conditions for one field's condition; whatever cannot be pushed down is simply left out. */
function conditionsFor(expr: string, cond: unknown, out: QueryPlan): void {
  const direct = scalar(cond);
  if (direct !== undefined) {
    out.where += ` AND ${expr} = ?`;
    out.params.push(direct);
    return;
  }
  if (
    cond === null ||
    typeof cond !== 'object' ||
    Array.isArray(cond) ||
    cond instanceof Date ||
    cond instanceof RegExp
  )
    return;
  for (const [op, operand] of Object.entries(cond)) {
    const sqlOp = COMPARISONS[op];
    const value = scalar(operand);
    if (sqlOp && value !== undefined) {
      out.where += ` AND ${expr} ${sqlOp} ?`;
      out.params.push(value);
    } else if (op === '$in' && Array.isArray(operand) && operand.length > 0 && operand.length <= 500) {
      const values = operand.map(scalar);
      if (values.some((v) => v === undefined)) continue;
      out.where += ` AND ${expr} IN (${values.map(() => '?').join(', ')})`;
      out.params.push(...(values as Bindable[]));
    }
  }
}

/** Top-level conditions and those of a top-level $and: every one of them must hold. */
function conjuncts(filter: Filter): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) for (const sub of cond as Filter[]) out.push(...conjuncts(sub));
    else if (!key.startsWith('$')) out.push([key, cond]);
  }
  return out;
}

/**
 * The plan for `filter` and `sort`, pushing down only fields in `pushable`
 * (indexed, never held an array) and `_id`.
 */
export function planQuery(filter: Filter, sort: SortSpec | undefined, pushable: ReadonlySet<string>): QueryPlan {
  const plan: QueryPlan = { where: '1', params: [], orderBy: null };
  for (const [field, cond] of conjuncts(filter)) {
    if (field === '_id' || pushable.has(field)) conditionsFor(fieldExpr(field), cond, plan);
  }
  const sortFields = Object.entries(sort ?? {});
  if (sortFields.length > 0 && sortFields.every(([field]) => field === '_id' || pushable.has(field))) {
    plan.orderBy = sortFields.map(([field, dir]) => `${fieldExpr(field)} ${dir === -1 ? 'DESC' : 'ASC'}`).join(', ');
  }
  return plan;
}

/** Whether the value at `path` is, or lies under, an array in `doc` (what makes an index multikey). */
export function crossesArray(doc: Record<string, unknown>, path: string): boolean {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(value)) return true;
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[part];
  }
  return Array.isArray(value);
}

/**
 * Conditions SQL can decide exactly as MongoDB would: strings only (equality,
 * ranges, $in), on `_id` or a pushable field. Each field is also required to
 * hold a string (`json_type` text, and not a Date's tagged text), since
 * MongoDB never compares a string with another type. An escaped stored string
 * ("\u0001S" + one starting with U+0001) orders against any operand that does
 * not start with U+0001 as the string itself would: the first character decides.
 */
function exactConditionsFor(field: string, cond: unknown, out: QueryPlan): boolean {
  const expr = fieldExpr(field);
  const plain = (v: unknown): v is string => typeof v === 'string' && !v.startsWith('\u0001');
  const guard =
    field === '_id' ? '' : ` AND json_type(doc, '$.${field}') = 'text' AND substr(${expr}, 1, 2) <> char(1, 68)`;
  if (plain(cond)) {
    out.where += ` AND ${expr} = ?${guard}`;
    out.params.push(cond);
    return true;
  }
  if (
    cond === null ||
    typeof cond !== 'object' ||
    Array.isArray(cond) ||
    cond instanceof Date ||
    cond instanceof RegExp
  )
    return false;
  const entries = Object.entries(cond);
  if (entries.length === 0) return false;
  for (const [op, operand] of entries) {
    const sqlOp = COMPARISONS[op];
    if (sqlOp && plain(operand)) {
      out.where += ` AND ${expr} ${sqlOp} ?`;
      out.params.push(operand);
    } else if (
      op === '$in' &&
      Array.isArray(operand) &&
      operand.length > 0 &&
      operand.length <= 500 &&
      operand.every(plain)
    ) {
      out.where += ` AND ${expr} IN (${operand.map(() => '?').join(', ')})`;
      out.params.push(...operand);
    } else return false;
  }
  out.where += guard;
  return true;
}

/**
 * The SQL that selects exactly the documents `filter` matches, or null when
 * mingo must decide (any condition SQL cannot decide exactly). Lets a count
 * run in SQLite without decoding a row.
 */
export function planExact(filter: Filter, pushable: ReadonlySet<string>): Pick<QueryPlan, 'where' | 'params'> | null {
  const plan: QueryPlan = { where: '1', params: [], orderBy: null };
  for (const [key, cond] of Object.entries(filter)) {
    if (key.startsWith('$')) return null;
    if (key !== '_id' && !pushable.has(key)) return null;
    if (!exactConditionsFor(key, cond, plan)) return null;
  }
  return plan;
}
