import { createWriteStream, type WriteStream } from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { once } from 'node:events';
import type { FileStore } from '@talkwith/platform';
import { contentTypeOf, SNIFF_BYTES, videoKindOf, type VideoKind } from './sniff.ts';
import { mediaErrors } from '../errors.ts';

/** A file part of a multipart request: busboy marks it truncated when it hit the size limit. */
export interface UploadSource extends Readable {
  truncated?: boolean;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/**
 * Reads until `bytes` are in hand (or the file ended) and puts them back, so
 * the same stream then flows to the store unchanged (no extra stage per chunk).
 */
export async function peekHead(source: UploadSource, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes && !source.readableEnded) {
    const chunk = source.read() as Buffer | null;
    if (chunk) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    const ended = once(source, 'end').then(() => 'end' as const);
    const readable = once(source, 'readable').then(() => 'readable' as const);
    if ((await Promise.race([ended, readable])) === 'end') break;
  }
  const head = Buffer.concat(chunks);
  if (head.length > 0 && !source.readableEnded) source.unshift(head);
  return head;
}

/**
 * busboy ends a part that hit the size limit like a complete one (marking it
 * truncated): fail the stream instead, before the store keeps a cut file.
 */
function failWhenTruncated(source: UploadSource, maxBytes: number): void {
  source.once('limit', () => source.destroy(mediaErrors.fileTooLarge(formatBytes(maxBytes))));
}

/**
 * Passes every chunk on once it is also written to `copy`: the upload lands in
 * the files port and in a local file in one pass (ffprobe and ffmpeg need a
 * local file; reading a 2 GB upload back from the store would be a second pass).
 */
function teeTo(copy: WriteStream): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      copy.write(chunk, (err) => done(err ?? null, chunk));
    },
    flush(done) {
      copy.end();
      finished(copy).then(() => done(), done);
    },
  });
}

/** body → tee; an error on either side (too large, disk full) destroys both, so the store's write fails too. */
function withCopy(body: Readable, localPath: string): Readable {
  return pipeline(body, teeTo(createWriteStream(localPath)), () => {});
}

export async function storeVideoStream(
  files: FileStore,
  source: UploadSource,
  maxBytes: number,
  keyFor: (kind: VideoKind) => string,
  localCopyFor?: (kind: VideoKind) => string,
): Promise<{ key: string; kind: VideoKind; size: number; localPath?: string }> {
  failWhenTruncated(source, maxBytes);
  const head = await peekHead(source, SNIFF_BYTES);
  if (head.length === 0) throw mediaErrors.emptyFile();
  // A file shorter than the sniffed bytes has ended already: store the bytes in hand.
  const body = source.readableEnded ? Readable.from([head]) : source;
  const kind = videoKindOf(head);
  if (!kind) {
    // Stop reading: the rest of the request is discarded once the answer is sent.
    source.destroy();
    throw mediaErrors.notVideo();
  }
  const key = keyFor(kind);
  const localPath = localCopyFor?.(kind);
  try {
    const stored = await files.put(key, localPath ? withCopy(body, localPath) : body, contentTypeOf(kind));
    return { key, kind, size: stored.size, localPath };
  } catch (err) {
    await files.delete(key).catch(() => false);
    throw err;
  }
}
