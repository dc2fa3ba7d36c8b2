import { AppError } from '../errors/index.ts';

/**
 * The path of the first number that is not finite (1e309 parses to Infinity;
 * Fastify's validator lets Infinity through `integer` and `maximum`), or
 * undefined. Such a number would be stored as null and break the replies.
 */
export function nonFinitePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || '/';
  if (typeof value !== 'object' || value === null) return undefined;
  // Parsed JSON and query strings only: a proxied request's body is its raw stream (circular, not ours to read), an upload a Buffer.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nonFinitePath(child, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses (400 VALIDATION_FAILED naming the field) a body or query holding a number that is not finite. */
export function rejectNonFinite(...inputs: unknown[]): void {
  for (const input of inputs) {
    const field = nonFinitePath(input);
    if (field !== undefined) throw new AppError('VALIDATION_FAILED', `入力内容に誤りがあります: ${field}`, { field });
  }
}
