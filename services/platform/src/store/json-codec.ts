/**
 * Documents as JSON text for the SQLite store. JSON has no Date, so a Date is
 * stored as the string "\u0001D" + its ISO form: ISO strings sort in time
 * order, which lets SQLite indexes and TTL sweeps compare dates as text. A
 * real string that happens to start with "\u0001" is stored as "\u0001S" + it,
 * so no caller's string can ever come back as a Date.
 */
import { AppError } from '../errors/index.ts';

const TAG = '\u0001';
const DATE = '\u0001D';
const ESCAPED = '\u0001S';

export interface DocumentLimits {
  /** Deepest nesting of objects and arrays accepted (the document itself is level 1). */
  maxDepth: number;
  /** Largest encoded document accepted, in bytes. */
  maxBytes: number;
}

export const DEFAULT_LIMITS: DocumentLimits = { maxDepth: 64, maxBytes: 8 * 1024 * 1024 };

/** The stored form of a Date or of any value compared against stored values. */
export function encodeScalar(value: unknown): unknown {
  if (value instanceof Date) return DATE + value.toISOString();
  if (typeof value === 'string' && value.startsWith(TAG)) return ESCAPED + value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return DATE + (value as string);
  if (typeof value === 'string' && value.startsWith(TAG)) return ESCAPED + value;
  return value;
}

/** Turns tagged strings back into Dates (and escaped strings back), in place. A walk: JSON.parse's reviver is 3× slower. */
function revive(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) !== 1) return value;
    return value.startsWith(DATE) ? new Date(value.slice(DATE.length)) : value.slice(ESCAPED.length);
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const revived = revive(record[key]);
      // defineProperty, not assignment: a stored "__proto__" key must stay data, never become a prototype.
      if (revived !== record[key])
        Object.defineProperty(record, key, { value: revived, enumerable: true, writable: true, configurable: true });
    }
  }
  return value;
}

/** Refuses values nested deeper than the limit before anything clones or serialises them (no recursion past it). */
export function assertDepth(value: unknown, maxDepth: number, depth = 1): void {
  if (value === null || typeof value !== 'object' || value instanceof Date) return;
  if (depth > maxDepth)
    throw new AppError('VALIDATION_FAILED', `document nested deeper than ${maxDepth} levels`, { field: 'document' });
  for (const child of Array.isArray(value) ? value : Object.values(value)) assertDepth(child, maxDepth, depth + 1);
}

export function encodeDocument(doc: object, limits: DocumentLimits = DEFAULT_LIMITS): string {
  assertDepth(doc, limits.maxDepth);
  const text = JSON.stringify(doc, replacer);
  // Length in UTF-16 units bounds the UTF-8 size from below; count bytes only when it could matter.
  if (text.length * 3 > limits.maxBytes && Buffer.byteLength(text) > limits.maxBytes) {
    throw new AppError('VALIDATION_FAILED', `document larger than ${limits.maxBytes} bytes`, { field: 'document' });
  }
  return text;
}

export function decodeDocument<T>(text: string): T {
  // JSON.stringify writes U+0001 as an escape; without one there is nothing to revive.
  const parsed: unknown = JSON.parse(text);
  return (text.includes('\\u0001') ? revive(parsed) : parsed) as T;
}
