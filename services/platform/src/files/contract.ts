import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../ports/files.ts';

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const INVALID_KEYS = ['', '/etc/passwd', '../outside', 'a/../../b', 'a/./b', 'a\\b', 'a\u0000b', 'a//b'];

export interface FilesContractOptions {
  /**
   * The server behind the adapter replaces an object atomically when PUTs of
   * the same key race (S3 and the local adapter do; the s3rver test double
   * writes in place, so a race there can mix two bodies — a property of the
   * double, not of the adapter).
   */
  atomicOverwrites?: boolean;
}

/** Behaviour every FileStore adapter shares; each test works under its own random prefix. */
export function runFilesContract(
  adapterName: string,
  make: () => Promise<FileStore>,
  { atomicOverwrites = true }: FilesContractOptions = {},
): void {
  describe(`files contract (${adapterName})`, () => {
    let files: FileStore;
    let root: string;

    beforeEach(async () => {
      files = await make();
      root = `contract-${randomUUID().slice(0, 8)}`;
    });

    afterEach(async () => {
      for (const file of await files.list(`${root}/`)) await files.delete(file.key);
      await files.close();
    });

    it('put, buffer body, can be stated and read back', async () => {
      const key = `${root}/char-1/ja-JP/hello.vtt`;
      const stored = await files.put(key, Buffer.from('WEBVTT\n\n字幕'), 'text/vtt');
      const stat = await files.stat(key);
      expect(stored).toMatchObject({ key, size: Buffer.byteLength('WEBVTT\n\n字幕'), contentType: 'text/vtt' });
      expect(stat).toMatchObject({ key, size: stored.size, contentType: 'text/vtt', etag: stored.etag });
      expect(stat?.modifiedAt).toBeInstanceOf(Date);
      expect((await readAll(await files.read(key))).toString()).toBe('WEBVTT\n\n字幕');
    });

    it('put, stream body, stores every byte', async () => {
      const key = `${root}/video.mp4`;
      const bytes = Buffer.alloc(300_000, 7);
      await files.put(key, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), 'video/mp4');
      expect((await readAll(await files.read(key))).equals(bytes)).toBe(true);
    });

    it('read, byte range, returns only those inclusive bytes', async () => {
      const key = `${root}/digits.txt`;
      await files.put(key, Buffer.from('0123456789'), 'text/plain');
      expect((await readAll(await files.read(key, { start: 2, end: 5 }))).toString()).toBe('2345');
      expect((await readAll(await files.read(key, { start: 8, end: 100 }))).toString()).toBe('89');
      await expect(files.read(key, { start: 10, end: 12 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('read and stat, missing file, report not found', async () => {
      expect(await files.stat(`${root}/missing.mp4`)).toBeNull();
      await expect(files.read(`${root}/missing.mp4`)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('put, existing key, replaces the content and the etag', async () => {
      const key = `${root}/avatar.png`;
      const first = await files.put(key, Buffer.from('first version'), 'image/png');
      const second = await files.put(key, Buffer.from('second, longer version'), 'image/webp');
      expect(second.etag).not.toBe(first.etag);
      expect(await files.stat(key)).toMatchObject({ size: second.size, contentType: 'image/webp', etag: second.etag });
      expect((await readAll(await files.read(key))).toString()).toBe('second, longer version');
    });

    it.skipIf(!atomicOverwrites)('put, concurrent overwrites, leave one whole version', async () => {
      const key = `${root}/race.bin`;
      const versions = [Buffer.alloc(200_000, 1), Buffer.alloc(150_000, 2), Buffer.alloc(250_000, 3)];
      await Promise.all(versions.map((body) => files.put(key, body, 'application/octet-stream')));
      const content = await readAll(await files.read(key));
      expect(versions.some((version) => version.equals(content))).toBe(true);
    });

    it('put, keys that look like sidecars or nest under a file name, coexist', async () => {
      await files.put(`${root}/a`, Buffer.from('a'), 'text/plain');
      await files.put(`${root}/a.json`, Buffer.from('{}'), 'application/json');
      await files.put(`${root}/a.json.d/b`, Buffer.from('b'), 'text/plain');
      expect((await files.list(`${root}/`)).map((file) => [file.key, file.contentType])).toEqual([
        [`${root}/a`, 'text/plain'],
        [`${root}/a.json`, 'application/json'],
        [`${root}/a.json.d/b`, 'text/plain'],
      ]);
    });

    it('delete, existing and missing files, reports whether something was removed', async () => {
      const key = `${root}/gone.txt`;
      await files.put(key, Buffer.from('x'), 'text/plain');
      expect(await files.delete(key)).toBe(true);
      expect(await files.delete(key)).toBe(false);
      expect(await files.stat(key)).toBeNull();
    });

    it('list, prefix, returns the matching files sorted by key', async () => {
      await files.put(`${root}/c1/b.mp4`, Buffer.from('b'), 'video/mp4');
      await files.put(`${root}/c1/a.mp4`, Buffer.from('a'), 'video/mp4');
      await files.put(`${root}/c1/sub/z.vtt`, Buffer.from('z'), 'text/vtt');
      await files.put(`${root}/c2/x.mp4`, Buffer.from('x'), 'video/mp4');
      expect((await files.list(`${root}/c1/`)).map((file) => file.key)).toEqual([
        `${root}/c1/a.mp4`,
        `${root}/c1/b.mp4`,
        `${root}/c1/sub/z.vtt`,
      ]);
      expect((await files.list(`${root}/c`)).map((file) => file.key)).toHaveLength(4);
      expect(await files.list(`${root}/none/`)).toEqual([]);
    });

    it('publicUrl, key with Japanese segment, is an absolute encoded URL', () => {
      const url = files.publicUrl(`${root}/ja-JP/動画.mp4`);
      expect(url).toMatch(/^https?:\/\//);
      expect(url.endsWith(`/${root}/ja-JP/%E5%8B%95%E7%94%BB.mp4`)).toBe(true);
    });

    it('every operation, invalid key, is refused as validation failure', async () => {
      for (const key of INVALID_KEYS) {
        await expect(files.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
        });
        await expect(files.stat(key), key).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await expect(files.read(key), key).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await expect(files.delete(key), key).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(() => files.publicUrl(key), key).toThrow(/invalid file key/);
      }
      await expect(files.list('../')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('ping, connected adapter, resolves', async () => {
      await expect(files.ping()).resolves.toBeUndefined();
    });
  });
}
