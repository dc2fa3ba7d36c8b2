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
import type { Readable } from 'node:stream';
import { AppError } from '../errors/index.ts';
import type { FileStore, StoredFile } from '../ports/files.ts';
import { assertValidKey, assertValidPrefix, contentTypeFor, joinPublicUrl } from './keys.ts';
import { checkRange } from './range.ts';

export interface S3FilesOptions {
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2…); path-style addressing is used with it. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** CDN or public bucket URL; defaults to `<endpoint>/<bucket>`. */
  publicBaseUrl?: string;
}

/** Files on S3 or an S3-compatible store. */
export async function createS3Files(options: S3FilesOptions): Promise<FileStore> {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const publicBase = options.publicBaseUrl ?? `${options.endpoint ?? `https://${Bucket}.s3.${options.region}.amazonaws.com`}${options.endpoint ? `/${Bucket}` : ''}`;

  const statKey = async (key: string): Promise<StoredFile | null> => {
    assertValidKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
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
  };

  await client.send(new HeadBucketCommand({ Bucket }));
  return {
    async put(key, body, contentType) {
      assertValidKey(key);
      // PutObject needs a known length; an S3 object appears only when complete.
      const bytes = Buffer.isBuffer(body) ? body : await collect(body);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      const stored = await statKey(key);
      if (!stored) throw new AppError('UNAVAILABLE', `file ${key} vanished right after upload`);
      return stored;
    },
    stat: statKey,
    async read(key, range) {
      assertValidKey(key);
      let Range: string | undefined;
      if (range) {
        const file = await statKey(key);
        if (!file) throw new AppError('NOT_FOUND', `file ${key} not found`);
        const checked = checkRange(range, file.size)!;
        Range = `bytes=${checked.start}-${checked.end}`;
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
        return object.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new AppError('NOT_FOUND', `file ${key} not found`, { cause: err });
        throw err;
      }
    },
    async delete(key) {
      const existed = (await statKey(key)) !== null;
      if (existed) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      return existed;
    },
    async list(prefix) {
      assertValidPrefix(prefix);
      const files: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const stored = object.Key ? await statKey(object.Key) : null;
          if (stored) files.push(stored);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    publicUrl(key) {
      assertValidKey(key);
      return joinPublicUrl(publicBase, key);
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
    },
  };
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
