/**
 * Value handling shared by the embedded store: tagged JSON (so Dates survive
 * the log), deep copies (so callers never hold the store's objects), MongoDB's
 * cross-type ordering, and dotted-path access.
 */

const DATE_TAG = '$date';

/** JSON text in which every Date is written as {"$date": epochMillis}. */
export function encodeTagged(value: unknown): string {
  return JSON.stringify(tagDates(value));
}

/**
 * Replaces Dates by their tagged form, copying only the branches that hold
 * one, so date-free documents go to the native JSON.stringify untouched.
 */
function tagDates(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return { [DATE_TAG]: value.getTime() };
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const tagged = tagDates(value[i]);
      if (tagged !== value[i]) (out ??= value.slice())[i] = tagged;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const tagged = tagDates(record[key]);
    if (tagged !== record[key]) (out ??= { ...record })[key] = tagged;
  }
  return out ?? value;
}

export function decodeTagged(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (isPlainObject(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === DATE_TAG && typeof v[DATE_TAG] === 'number') return new Date(v[DATE_TAG]);
    }
    return v;
  });
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof RegExp);
}

export function deepClone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = deepClone(value[i]);
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof RegExp) return value;
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const v = record[key];
    if (v !== undefined && Object.hasOwn(record, key)) out[key] = deepClone(v);
  }
  return out as T;
}

/** MongoDB's BSON type order, used for sorting and $min/$max across types. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (typeof v === 'number' || typeof v === 'bigint') return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  return 4;
}

export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1: return 0;
    case 2: return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
    case 3: return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
    case 5: return compareArrays(a as unknown[], b as unknown[]);
    case 8: return a === b ? 0 : a ? 1 : -1;
    case 9: return Math.sign((a as Date).getTime() - (b as Date).getTime());
    case 11: return String(a) === String(b) ? 0 : String(a) < String(b) ? -1 : 1;
    default: return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
  }
}

function compareArrays(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return Math.sign(a.length - b.length);
}

/** Embedded documents compare field by field in order, like BSON. */
function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ea = Object.entries(a).filter(([, v]) => v !== undefined);
  const eb = Object.entries(b).filter(([, v]) => v !== undefined);
  for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
    const [ka, va] = ea[i] as [string, unknown];
    const [kb, vb] = eb[i] as [string, unknown];
    if (ka !== kb) return ka < kb ? -1 : 1;
    const c = compareValues(va, vb);
    if (c !== 0) return c;
  }
  return Math.sign(ea.length - eb.length);
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

const INDEX_PART = /^\d+$/;

/**
 * Every value a dotted path reaches, MongoDB style: an array met on the way is
 * traversed element by element (and a numeric part also indexes it).
 * A path that reaches nothing yields [undefined].
 */
export function resolvePath(value: unknown, parts: readonly string[], i = 0): unknown[] {
  if (i === parts.length) return [value];
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    if (INDEX_PART.test(part)) out.push(...resolvePath(value[Number(part)], parts, i + 1));
    for (const el of value) if (isPlainObject(el)) out.push(...resolvePath(el, parts, i));
    return out.length === 0 ? [undefined] : out;
  }
  if (isPlainObject(value)) return resolvePath(value[part], parts, i + 1);
  return [undefined];
}

/** The single value at a path, without array traversal (for updates and projection). */
export function getPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (Array.isArray(cur) && INDEX_PART.test(part)) cur = cur[Number(part)];
    else if (isPlainObject(cur)) cur = cur[part];
    else return undefined;
  }
  return cur;
}

/** Sets a path, creating intermediate objects; refuses to walk through scalars. */
export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    const container = cur as Record<string, unknown>;
    let next = Array.isArray(container) && INDEX_PART.test(part) ? container[Number(part)] : container[part];
    if (next === undefined || next === null) {
      next = {};
      assignPart(container, part, next);
    } else if (typeof next !== 'object' || next instanceof Date) {
      throw new TypeError(`cannot create field '${parts[i + 1]}' in scalar at '${parts.slice(0, i + 1).join('.')}'`);
    }
    cur = next;
  }
  assignPart(cur as Record<string, unknown>, parts[parts.length - 1] as string, value);
}

function assignPart(container: Record<string, unknown> | unknown[], part: string, value: unknown): void {
  if (Array.isArray(container) && INDEX_PART.test(part)) {
    const idx = Number(part);
    while (container.length < idx) container.push(null);
    container[idx] = value;
  } else {
    (container as Record<string, unknown>)[part] = value;
  }
}

export function unsetPath(doc: Record<string, unknown>, path: string): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  const parent = parts.length === 0 ? doc : getPath(doc, parts.join('.'));
  if (Array.isArray(parent) && INDEX_PART.test(last)) {
    // MongoDB keeps array positions stable: an unset element becomes null.
    if (Number(last) < parent.length) parent[Number(last)] = null;
  } else if (isPlainObject(parent)) {
    delete parent[last];
  }
}
