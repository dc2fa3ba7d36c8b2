import { parse as parseRange } from 'range-parser';
import { AppError } from '../errors/index.ts';
import type { ByteRange } from '../ports/files.ts';

/** Validates a range against the file size; an end past the file is clamped to it. */
export function checkRange(range: ByteRange | undefined, size: number): ByteRange | undefined {
  if (!range) return undefined;
  const { start, end } = range;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || start >= size) {
    throw new AppError('VALIDATION_FAILED', `byte range ${start}-${end} is outside a file of ${size} bytes`, {
      status: 416,
    });
  }
  return { start, end: Math.min(end, size - 1) };
}

/** The outcome of reading an HTTP Range header against a file size. */
export type RangeRequest = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Reads `Range: bytes=a-b | a- | -n` (RFC 9110 §14) with range-parser, so both
 * paths of the /files route (stored objects here, local files through
 * @fastify/send) answer alike: another unit or several ranges fall back to the
 * whole file; a bytes range that cannot be served (starts past the end, ends
 * before its start, is not numbers) is unsatisfiable; a suffix longer than the
 * file is the whole file.
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const { type, ranges } = parseRange(size, header.trim());
  if (type !== 'bytes' || ranges.length > 1) return { kind: 'whole' };
  const [range] = ranges;
  if (!range) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start: range.start, end: range.end } };
}
