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

export interface SignedUrlOptions {
  /** Whom the URL is for (the media cookie must prove it); `ANONYMOUS_MEDIA_USER` for a visitor. */
  user: string;
  expiresAt: Date;
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
  /**
   * A short-lived URL of a file that is not public (a priced character's
   * media): local, the /files URL with `exp`, `u` and `sig` (checked by
   * serveFiles' guard with the user's media cookie); S3, a pre-signed GET.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
