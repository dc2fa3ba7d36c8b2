import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/index.ts';
import type { ByteRange, FileStore, SignedUrlOptions, StoredFile } from '../ports/files.ts';
import { createMediaSigning, type MediaSigning } from '../signing/media.ts';
import { assertValidKey, assertValidPrefix, contentTypeFor, joinPublicUrl } from './keys.ts';
import { checkRange } from './range.ts';

export interface LocalFilesOptions {
  dir: string;
  /** Base URL the gateway serves `dir` under, e.g. http://localhost:8080/files. */
  publicBaseUrl: string;
  /** JWT_SECRET: signed URLs use a key derived from it (signing/media.ts). Without it signedUrl refuses. */
  signingSecret?: string;
}

/** What a sidecar records; trusted only while size and mtime still match the object. */
interface Sidecar {
  contentType: string;
  etag: string;
  size: number;
  mtimeMs: number;
}

/**
 * Files on local disk. Layout: `objects/<key>` holds the bytes, `meta/<sha256(key)>.json`
 * the content type and content hash, `tmp/` the uploads in progress; every
 * write lands under a temporary name and is renamed into place.
 */
export async function createLocalFiles(options: LocalFilesOptions): Promise<FileStore> {
  const files = new LocalFiles(options);
  await files.open();
  return files;
}

/**
 * Where a local store keeps the bytes of its keys, so the HTTP route can hand
 * them to @fastify/send; undefined for any other FileStore.
 */
export function localObjectsDir(files: FileStore): string | undefined {
  return files instanceof LocalFiles ? files.objects : undefined;
}

class LocalFiles implements FileStore {
  readonly objects: string;
  private readonly meta: string;
  private readonly tmp: string;
  private readonly publicBaseUrl: string;
  private readonly signing: MediaSigning | undefined;

  constructor(options: LocalFilesOptions) {
    this.signing = options.signingSecret ? createMediaSigning(options.signingSecret) : undefined;
    this.objects = join(options.dir, 'objects');
    this.meta = join(options.dir, 'meta');
    this.tmp = join(options.dir, 'tmp');
    this.publicBaseUrl = options.publicBaseUrl;
  }

  async open(): Promise<void> {
    await Promise.all([this.objects, this.meta, this.tmp].map((path) => mkdir(path, { recursive: true })));
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile> {
    assertValidKey(key);
    const temp = join(this.tmp, randomUUID());
    try {
      const etag = await writeHashed(temp, body);
      const target = join(this.objects, key);
      await placeFile(temp, target, key);
      const stats = await stat(target);
      const sidecar: Sidecar = { contentType, etag, size: stats.size, mtimeMs: stats.mtimeMs };
      await writeAtomically(this.sidecarPath(key), join(this.tmp, randomUUID()), JSON.stringify(sidecar));
      return describe(key, stats, sidecar);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async stat(key: string): Promise<StoredFile | null> {
    assertValidKey(key);
    const stats = await statOrNull(join(this.objects, key));
    return stats?.isFile() ? describe(key, stats, await readSidecar(this.sidecarPath(key))) : null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = await this.stat(key);
    if (!file) throw new AppError('NOT_FOUND', `file ${key} not found`);
    return createReadStream(join(this.objects, key), checkRange(range, file.size) ?? {});
  }

  async delete(key: string): Promise<boolean> {
    assertValidKey(key);
    const existed = (await statOrNull(join(this.objects, key)))?.isFile() ?? false;
    if (existed) await rm(join(this.objects, key), { force: true });
    await rm(this.sidecarPath(key), { force: true });
    return existed;
  }

  async list(prefix: string): Promise<StoredFile[]> {
    assertValidPrefix(prefix);
    const start = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys = (await walk(this.objects, join(this.objects, start))).filter((key) => key.startsWith(prefix)).sort();
    const files = await Promise.all(keys.map((key) => this.stat(key)));
    return files.filter((file): file is StoredFile => file !== null);
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return joinPublicUrl(this.publicBaseUrl, key);
  }

  /** The /files URL plus `exp`, `u` and `sig`: serveFiles' guard checks them and the user's media cookie. */
  async signedUrl(key: string, { user, expiresAt }: SignedUrlOptions): Promise<string> {
    assertValidKey(key);
    if (!this.signing) throw new AppError('INTERNAL', 'signed file URLs need a signing secret (JWT_SECRET)');
    const { exp, u, sig } = this.signing.sign(key, user, expiresAt);
    return `${joinPublicUrl(this.publicBaseUrl, key)}?${new URLSearchParams({ exp: String(exp), u, sig }).toString()}`;
  }

  async ping(): Promise<void> {
    await stat(this.objects);
  }

  async close(): Promise<void> {}

  /** Flat and hashed, so a sidecar path can never collide with another key's directories. */
  private sidecarPath(key: string): string {
    return join(this.meta, `${createHash('sha256').update(key).digest('hex')}.json`);
  }
}

/** Renames the upload into place; a key clashing with a directory (or under a file) is a conflict. */
async function placeFile(temp: string, target: string, key: string): Promise<void> {
  try {
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTEMPTY') {
      throw new AppError('CONFLICT', `file key ${key} clashes with an existing folder or file`, { cause: err });
    }
    throw err;
  }
}

function describe(key: string, stats: Stats, sidecar: Sidecar | null): StoredFile {
  const trusted = sidecar && sidecar.size === stats.size && sidecar.mtimeMs === stats.mtimeMs ? sidecar : null;
  return {
    key,
    size: stats.size,
    contentType: trusted?.contentType ?? contentTypeFor(key),
    modifiedAt: stats.mtime,
    etag: trusted?.etag ?? `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
  };
}

/** Streams the body to `path` and answers its quoted content hash. */
async function writeHashed(path: string, body: Buffer | Readable): Promise<string> {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  await pipeline(source, hashing, createWriteStream(path, { flush: true }));
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

async function writeAtomically(target: string, temp: string, content: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await writeFile(temp, content, { flush: true });
  await rename(temp, target);
}

async function readSidecar(path: string): Promise<Sidecar | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Sidecar;
  } catch {
    return null;
  }
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    return await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return null;
    throw err;
  }
}

/** Keys of every file below `dir`, relative to `root`, with `/` separators. */
async function walk(root: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return [];
    throw err;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
