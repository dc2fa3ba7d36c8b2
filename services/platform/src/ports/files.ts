import type { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
  modifiedAt: Date;
  etag: string;
}

export interface ByteRange {
  /** Inclusive first byte. */
  start: number;
  /** Inclusive last byte. */
  end: number;
}

/**
 * Files port: videos, avatars, subtitles. Keys are slash-separated relative
 * paths (`{character_id}/ja-JP/hello.vtt`); `..` and absolute keys are refused.
 */
export interface FileStore {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile>;
  stat(key: string): Promise<StoredFile | null>;
  /** A stream of the whole file or of one byte range. Rejects NOT_FOUND when missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<boolean>;
  list(prefix: string): Promise<StoredFile[]>;
  /** Where a browser fetches it: the gateway's /files route or a CDN base URL. */
  publicUrl(key: string): string;
  ping(): Promise<void>;
  close(): Promise<void>;
}
