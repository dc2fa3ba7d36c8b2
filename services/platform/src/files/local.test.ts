import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLocalFiles } from './local.ts';
import { runFilesContract } from './contract.ts';

const makeDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'tw-files-'));

runFilesContract('local', async () =>
  createLocalFiles({ dir: await makeDir(), publicBaseUrl: 'http://localhost:8080/files/' }),
);

describe('createLocalFiles', () => {
  it('put, upload still streaming, shows no half-written file', async () => {
    const files = await createLocalFiles({ dir: await makeDir(), publicBaseUrl: 'http://x/files' });
    const body = new PassThrough();
    const upload = files.put('slow/video.mp4', body, 'video/mp4');
    body.write(Buffer.alloc(1000, 1));
    await new Promise((resolve) => setTimeout(resolve, 20));

    const during = await files.stat('slow/video.mp4');
    body.end(Buffer.alloc(1000, 2));
    const stored = await upload;

    expect(during).toBeNull();
    expect(stored.size).toBe(2000);
  });

  it('put, failing upload stream, leaves neither the file nor a temp file', async () => {
    const dir = await makeDir();
    const files = await createLocalFiles({ dir, publicBaseUrl: 'http://x/files' });
    const body = new PassThrough();
    const upload = files.put('broken.mp4', body, 'video/mp4');
    body.write(Buffer.alloc(10));
    body.destroy(new Error('client went away'));

    await expect(upload).rejects.toThrow('client went away');
    expect(await files.stat('broken.mp4')).toBeNull();
    expect(await readdir(join(dir, 'tmp'))).toEqual([]);
  });

  it('stat, restarted adapter on the same dir, keeps content type and etag', async () => {
    const dir = await makeDir();
    const first = await createLocalFiles({ dir, publicBaseUrl: 'http://x/files' });
    const stored = await first.put('a/b.vtt', Buffer.from('WEBVTT'), 'text/vtt; charset=utf-8');

    const second = await createLocalFiles({ dir, publicBaseUrl: 'http://x/files' });

    expect(await second.stat('a/b.vtt')).toEqual(stored);
    expect(await readFile(join(dir, 'objects', 'a', 'b.vtt'), 'utf8')).toBe('WEBVTT');
  });

  it('put, key clashing with a folder or nested under a file, is a conflict', async () => {
    const files = await createLocalFiles({ dir: await makeDir(), publicBaseUrl: 'http://x/files' });
    await files.put('folder/inner.txt', Buffer.from('x'), 'text/plain');
    await files.put('plain', Buffer.from('x'), 'text/plain');

    await expect(files.put('folder', Buffer.from('y'), 'text/plain')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(files.put('plain/child', Buffer.from('y'), 'text/plain')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await files.stat('folder')).toBeNull();
  });
});
