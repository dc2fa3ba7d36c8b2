import { Readable } from 'node:stream';
import type { FileStore } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';
import { contentTypeOf, SNIFF_BYTES, videoKindOf, type VideoKind } from './sniff.ts';

/** A file part of a multipart request: busboy marks it truncated when it hit the size limit. */
export interface UploadSource extends Readable {
  truncated?: boolean;
}

export const UploadErrors = {
  notVideo: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'MP4 または WebM の動画ファイルを選んでください（ファイルの中身が動画ではありません）。', { status: 415, field: 'file' }),
  empty: () => new AppError('VALIDATION_FAILED', 'ファイルが空です。', { field: 'file' }),
  tooLarge: (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `ファイルが大きすぎます（上限 ${formatBytes(maxBytes)}）。`, { field: 'file' }),
};

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** Reads until `bytes` are in hand; answers them and a stream of the whole content (head included), still pulled lazily. */
export async function peekHead(source: UploadSource, bytes: number, maxBytes: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) { ended = true; break; }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole(): AsyncGenerator<Buffer> {
    yield head;
    while (!ended) {
      const next = await iterator.next();
      if (next.done) break;
      yield next.value;
    }
    // busboy ends a part that hit the size limit like a complete one: refuse it before the store keeps it.
    if (source.truncated) throw UploadErrors.tooLarge(maxBytes);
  }
  return { head, body: Readable.from(whole(), { objectMode: false }) };
}

/**
 * Streams an uploaded video to the files port at `keyFor(kind)`, checking its
 * magic bytes first. Nothing is stored when it is not MP4/WebM or too large
 * (the partial object is deleted).
 */
export async function storeVideoStream(files: FileStore, source: UploadSource, maxBytes: number, keyFor: (kind: VideoKind) => string): Promise<{ key: string; kind: VideoKind; size: number }> {
  const { head, body } = await peekHead(source, SNIFF_BYTES, maxBytes);
  if (head.length === 0) throw UploadErrors.empty();
  const kind = videoKindOf(head);
  if (!kind) {
    // Stop reading: the rest of the request is discarded once the answer is sent.
    source.destroy();
    throw UploadErrors.notVideo();
  }
  const key = keyFor(kind);
  try {
    const stored = await files.put(key, body, contentTypeOf(kind));
    return { key, kind, size: stored.size };
  } catch (err) {
    await files.delete(key).catch(() => false);
    throw err;
  }
}
