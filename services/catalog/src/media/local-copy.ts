import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '@talkwith/platform';

/**
 * ffmpeg and the container readers need a file on disk; the files port may be
 * an object store, so the stored file is streamed to a temp file (never into
 * memory) and removed after `use`.
 */
export async function withLocalCopy<T>(files: FileStore, key: string, use: (path: string) => Promise<T>): Promise<T> {
  return withScratchDir(async (dir) => {
    const path = join(dir, `clip${extname(key)}`);
    await pipeline(await files.read(key), createWriteStream(path));
    return use(path);
  });
}

/** A temp folder for the length of `use` (an upload's local copy lives there while it is analysed). */
export async function withScratchDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-media-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
