/**
 * The write-ahead log: segment files of records framed as
 * [u32 length][u32 CRC32 of payload][payload], appended and fsync'd before a
 * write is acknowledged. Concurrent appends share one write + fdatasync
 * (group commit). Compaction rotates to a new segment so the snapshot can
 * cover exactly the older ones.
 */
import { open, readdir, readFile, truncate, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { decodeTagged, encodeTagged } from './codec.ts';

const HEADER_BYTES = 8;
const SEGMENT = /^wal-(\d{8})\.log$/;

export function segmentName(gen: number): string {
  return `wal-${String(gen).padStart(8, '0')}.log`;
}

export function frame(record: unknown): Buffer {
  const payload = Buffer.from(encodeTagged(record), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

/** Decodes whole, intact frames; `validBytes` is where the first torn or corrupt one starts. */
export function readFrames(buf: Buffer): { records: unknown[]; validBytes: number } {
  const records: unknown[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= buf.length) {
    const length = buf.readUInt32LE(offset);
    const end = offset + HEADER_BYTES + length;
    if (end > buf.length) break;
    const payload = buf.subarray(offset + HEADER_BYTES, end);
    if (crc32(payload) !== buf.readUInt32LE(offset + 4)) break;
    try {
      records.push(decodeTagged(payload.toString('utf8')));
    } catch {
      break;
    }
    offset = end;
  }
  return { records, validBytes: offset };
}

export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function listSegments(dir: string): Promise<number[]> {
  const names = await readdir(dir);
  return names.flatMap((n) => {
    const m = SEGMENT.exec(n);
    return m ? [Number(m[1])] : [];
  }).sort((a, b) => a - b);
}

/**
 * Replays segments numbered >= fromGen in order. At the first torn or corrupt
 * record the log ends: that segment is truncated there and later ones deleted
 * (nothing after a tear was ever acknowledged, see WriteAheadLog.flush).
 */
export async function replaySegments(dir: string, fromGen: number, apply: (record: unknown) => void): Promise<number> {
  const gens = (await listSegments(dir)).filter((g) => g >= fromGen);
  for (let i = 0; i < gens.length; i++) {
    const path = join(dir, segmentName(gens[i] as number));
    const buf = await readFile(path);
    const { records, validBytes } = readFrames(buf);
    for (const record of records) apply(record);
    if (validBytes < buf.length) {
      await truncate(path, validBytes);
      const handle = await open(path, 'r+');
      await handle.sync().finally(() => handle.close());
      for (const later of gens.slice(i + 1)) await unlink(join(dir, segmentName(later)));
      await fsyncDir(dir);
      return gens[i] as number;
    }
  }
  return gens.at(-1) ?? fromGen;
}

interface Pending {
  gen: number;
  bytes: Buffer;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class WriteAheadLog {
  private readonly dir: string;
  private gen: number;
  private readonly handles = new Map<number, FileHandle>();
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;
  /** Bytes appended to the current segment, for the compaction trigger. */
  currentBytes = 0;

  constructor(dir: string, gen: number, currentBytes: number) {
    this.dir = dir;
    this.gen = gen;
    this.currentBytes = currentBytes;
  }

  /** The error that stopped the log, if a write or fsync ever failed. */
  get failed(): unknown {
    return this.failure;
  }

  /** Resolves once the record is on disk. */
  append(record: unknown): Promise<void> {
    return this.enqueue(frame(record));
  }

  /** Resolves once everything appended before the call is on disk. */
  sync(): Promise<void> {
    return this.enqueue(Buffer.alloc(0));
  }

  private enqueue(bytes: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.currentBytes += bytes.length;
    const done = new Promise<void>((resolve, reject) => this.queue.push({ gen: this.gen, bytes, resolve, reject }));
    this.flushing ??= this.flushLoop();
    return done;
  }

  /** Later appends go to a new segment; synchronous so it marks an exact point in the write order. */
  rotate(): number {
    this.gen += 1;
    this.currentBytes = 0;
    return this.gen;
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.writeBatch(batch);
        for (const p of batch) p.resolve();
      } catch (err) {
        // After a failed fsync the file's state is unknown: refuse all further writes.
        this.failure = err;
        for (const p of [...batch, ...this.queue]) p.reject(err);
        this.queue = [];
      }
    }
    this.flushing = null;
  }

  /** Older segment first, each fsync'd, before anyone in the batch is acknowledged. */
  private async writeBatch(batch: Pending[]): Promise<void> {
    const gens = [...new Set(batch.map((p) => p.gen))];
    for (const gen of gens) {
      const bytes = Buffer.concat(batch.filter((p) => p.gen === gen).map((p) => p.bytes));
      const handle = await this.handleFor(gen);
      if (bytes.length > 0) await handle.write(bytes);
      await handle.datasync();
    }
  }

  private async handleFor(gen: number): Promise<FileHandle> {
    const existing = this.handles.get(gen);
    if (existing) return existing;
    const handle = await open(join(this.dir, segmentName(gen)), 'a');
    // The new file's directory entry must be durable before its records are acknowledged.
    await fsyncDir(this.dir);
    this.handles.set(gen, handle);
    return handle;
  }

  /** Closes and deletes segments older than `gen` (they are covered by a durable snapshot). */
  async dropBefore(gen: number): Promise<void> {
    await this.sync();
    for (const [g, handle] of this.handles) {
      if (g < gen) {
        await handle.close();
        this.handles.delete(g);
      }
    }
    for (const g of await listSegments(this.dir)) if (g < gen) await unlink(join(this.dir, segmentName(g)));
    await fsyncDir(this.dir);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.sync();
    await this.flushing;
    for (const handle of this.handles.values()) await handle.close();
    this.handles.clear();
  }
}
