import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { AppError } from '../errors/index.ts';
import type { ByteRange, FileStore, SignedUrlOptions, StoredFile } from '../ports/files.ts';
import { assertValidKey, assertValidPrefix, contentTypeFor, joinPublicUrl } from './keys.ts';
import { checkRange } from './range.ts';

export interface S3FilesOptions {
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2…); path-style addressing is used with it. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** CDN or public bucket URL; defaults to `<endpoint>/<bucket>` or the AWS bucket URL. */
  publicBaseUrl?: string;
}

/** SigV4 pre-signed URLs live at most 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

/** Files on S3 or an S3-compatible store; resolves once the bucket answers. */
export async function createS3Files(options: S3FilesOptions): Promise<FileStore> {
  const files = new S3Files(options);
  await files.ping();
  return files;
}

class S3Files implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string;

  constructor(options: S3FilesOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
    this.bucket = options.bucket;
    this.publicBase =
      options.publicBaseUrl ??
      (options.endpoint
        ? `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}`
        : `https://${options.bucket}.s3.${options.region}.amazonaws.com`);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile> {
    assertValidKey(key);
    // PutObject needs a known length; an S3 object only becomes visible complete.
    const bytes = Buffer.isBuffer(body) ? body : await collect(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
    const stored = await this.stat(key);
    if (!stored) throw new AppError('UNAVAILABLE', `file ${key} vanished right after upload`);
    return stored;
  }

  async stat(key: string): Promise<StoredFile | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? contentTypeFor(key),
        modifiedAt: head.LastModified ?? new Date(0),
        etag: head.ETag ?? '""',
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    let Range: string | undefined;
    if (range) {
      const file = await this.stat(key);
      if (!file) throw new AppError('NOT_FOUND', `file ${key} not found`);
      const checked = checkRange(range, file.size)!;
      Range = `bytes=${checked.start}-${checked.end}`;
    }
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range }));
      return object.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new AppError('NOT_FOUND', `file ${key} not found`, { cause: err });
      throw err;
    }
  }

  async delete(key: string): Promise<boolean> {
    const existed = (await this.stat(key)) !== null;
    if (existed) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    return existed;
  }

  /** ListObjectsV2 carries no content type, so each listed object is HEADed. */
  async list(prefix: string): Promise<StoredFile[]> {
    assertValidPrefix(prefix);
    const files: StoredFile[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      const stored = await Promise.all(
        (page.Contents ?? []).map((object) => (object.Key ? this.stat(object.Key) : null)),
      );
      files.push(...stored.filter((file): file is StoredFile => file !== null));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return joinPublicUrl(this.publicBase, key);
  }

  /**
   * A pre-signed GET (SigV4 query string, at most S3's 7 days). S3 cannot
   * check our media cookie: the URL is bound to its expiry, not to the user.
   */
  async signedUrl(key: string, { expiresAt }: SignedUrlOptions): Promise<string> {
    assertValidKey(key);
    const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)));
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn });
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
