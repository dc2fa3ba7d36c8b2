import { AppError } from '../errors/index.ts';
import type { ByteRange } from '../ports/files.ts';

/** Validates a range against the file size; an end past the file is clamped to it. */
export function checkRange(range: ByteRange | undefined, size: number): ByteRange | undefined {
  if (!range) return undefined;
  const { start, end } = range;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || start >= size) {
    throw new AppError('VALIDATION_FAILED', `byte range ${start}-${end} is outside a file of ${size} bytes`, { status: 416 });
  }
  return { start, end: Math.min(end, size - 1) };
}

/** The outcome of reading an HTTP Range header against a file size. */
export type RangeRequest = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Parses `Range: bytes=a-b | a- | -n` (RFC 9110 §14) as @fastify/send does for
 * local files, so both paths of the /files route answer alike: several ranges
 * or another unit fall back to the whole file, an end before the start or a
 * start past the end is unsatisfiable (the RFC allows ignoring or rejecting).
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
