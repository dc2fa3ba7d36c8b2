import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from './embedded-store.ts';
import { frame, listSegments, readFrames, replaySegments, segmentName } from './wal.ts';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'store-wal-'));
}

describe('write-ahead log', () => {
  it('readFrames, a torn last record, returns the intact ones and where the tear starts', () => {
    const a = frame({ n: 1 });
    const b = frame({ n: 2, at: new Date(7) });
    const torn = frame({ n: 3 }).subarray(0, 10);
    const { records, validBytes } = readFrames(Buffer.concat([a, b, torn]));
    expect(records).toEqual([{ n: 1 }, { n: 2, at: new Date(7) }]);
    expect(validBytes).toBe(a.length + b.length);
  });

  it('readFrames, a flipped payload byte, stops at the corrupt record', () => {
    const a = frame({ n: 1 });
    const b = frame({ n: 2 });
    b.writeUInt8(b.readUInt8(b.length - 2) ^ 0xff, b.length - 2);
    const { records, validBytes } = readFrames(Buffer.concat([a, b, frame({ n: 3 })]));
    expect(records).toEqual([{ n: 1 }]);
    expect(validBytes).toBe(a.length);
  });

  it('replaySegments, a tear in an older segment, truncates it and deletes later segments', async () => {
    const dir = await tempDir();
    const intact = frame({ n: 1 });
    await writeFile(join(dir, segmentName(1)), Buffer.concat([intact, Buffer.from([1, 2, 3])]));
    await writeFile(join(dir, segmentName(2)), frame({ n: 2 }));
    const seen: unknown[] = [];
    const last = await replaySegments(dir, 1, (r) => seen.push(r));
    expect(seen).toEqual([{ n: 1 }]);
    expect(last).toBe(1);
    expect((await stat(join(dir, segmentName(1)))).size).toBe(intact.length);
    expect(await listSegments(dir)).toEqual([1]);
    await rm(dir, { recursive: true, force: true });
  });

  it('embedded store, garbage appended to its log, opens with the data intact and keeps writing', async () => {
    const dir = await tempDir();
    const first = await createEmbeddedStore({ dir });
    await first.compact();
    await first.collection('c').insertOne({ _id: 'kept', v: 1 });
    // Simulate a crash: leave the log as is (no close), drop the lock, add a torn write.
    const [gen] = await listSegments(dir);
    const segment = join(dir, segmentName(gen as number));
    const goodSize = (await readFile(segment)).length;
    await appendFile(segment, frame({ c: 'c', put: [{ _id: 'torn' }] }).subarray(0, 12));
    await rm(join(dir, 'LOCK'));
    const second = await createEmbeddedStore({ dir });
    expect(await second.collection('c').find({})).toEqual([{ _id: 'kept', v: 1 }]);
    expect((await stat(segment)).size).toBe(goodSize);
    await second.collection('c').insertOne({ _id: 'after', v: 2 });
    await second.close();
    const third = await createEmbeddedStore({ dir });
    expect(await third.collection('c').countDocuments()).toBe(2);
    await third.close();
    // Only to release the first instance's file handles; its directory is discarded next.
    await first.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });
});
