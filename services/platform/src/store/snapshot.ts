/**
 * Snapshots: the whole store as one checksummed record, written to a temp
 * file, fsync'd, renamed over the old one and the directory fsync'd, so a
 * crash leaves either the old or the new snapshot, never a mix.
 */
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../errors/index.ts';
import type { CollectionSnapshot } from './collection-state.ts';
import { frame, fsyncDir, readFrames } from './wal.ts';

export interface StoreSnapshot {
  /** The first log segment not covered by this snapshot. */
  walGen: number;
  collections: CollectionSnapshot[];
}

const SNAPSHOT = 'snapshot.db';
const TEMP = 'snapshot.db.tmp';

export async function readSnapshot(dir: string): Promise<StoreSnapshot | null> {
  await unlink(join(dir, TEMP)).catch(() => undefined);
  let buf: Buffer;
  try {
    buf = await readFile(join(dir, SNAPSHOT));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const { records, validBytes } = readFrames(buf);
  // Snapshots are only ever renamed into place complete, so damage here is real corruption.
  if (records.length !== 1 || validBytes !== buf.length) {
    throw new AppError('INTERNAL', `store snapshot ${join(dir, SNAPSHOT)} is corrupt`);
  }
  return records[0] as StoreSnapshot;
}

/** `bytes` is the framed snapshot, encoded synchronously at the moment the log rotated. */
export async function writeSnapshot(dir: string, bytes: Buffer): Promise<void> {
  const temp = join(dir, TEMP);
  const handle = await open(temp, 'w');
  try {
    await handle.write(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, join(dir, SNAPSHOT));
  await fsyncDir(dir);
}

export function encodeSnapshot(snapshot: StoreSnapshot): Buffer {
  return frame(snapshot);
}
