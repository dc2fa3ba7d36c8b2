import { extname } from 'node:path';
import { AppError } from '../errors/index.ts';

/** S3's limit for a whole key, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;
/** Most file systems' limit for one path segment (NAME_MAX), in bytes. */
const MAX_SEGMENT_BYTES = 255;

/**
 * Refuses keys that could escape the store or mean different things on
 * different engines: empty, absolute, `..`/`.` segments, empty segments,
 * backslashes, NUL and other control characters, and keys too long for S3
 * or a segment too long for a local disk (which would fail as ENAMETOOLONG).
 */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new AppError('VALIDATION_FAILED', `invalid file key: ${problem}`, { field: 'key' });
}

function keyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `longer than ${MAX_KEY_BYTES} bytes`;
  if (key.startsWith('/')) return 'absolute';
  if (key.includes('\\')) return 'backslash';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'control character';
  const segments = key.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return 'dot segment';
  if (segments.some((segment) => segment === '')) return 'empty segment';
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES))
    return `a segment longer than ${MAX_SEGMENT_BYTES} bytes`;
  return null;
}

/** A prefix may end in `/` or be empty, but must otherwise follow the key rules. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** Encodes each segment for a URL while keeping the slashes. */
export function urlPathOf(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

export function joinPublicUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}/${urlPathOf(key)}`;
}

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.vtt': 'text/vtt; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
};

/** Fallback content type when no recorded one is available. */
export function contentTypeFor(key: string): string {
  return TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
}
