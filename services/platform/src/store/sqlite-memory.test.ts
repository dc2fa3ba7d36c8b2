import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import { expect, it } from 'vitest';
import { createEmbeddedStore } from './embedded-store.ts';

const ROWS = 60_000;
const PAGE = 1000;
const MB = 1024 * 1024;

/** Bytes in V8's old generation (old space and large objects): what only a full collection gives back. */
function oldGenerationBytes(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'old_space' || space.space_name === 'large_object_space')
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

// node:sqlite's row objects are allocated straight into the old generation
// (~67 bytes a row): a 1,000,000-row CSV export grew the server by ~70 MB that
// stayed until a full collection. Rows are read as arrays instead (firstColumn).
it('paged find over 60,000 documents, read twice, leaves the old generation within 2 MB', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'store-memory-'));
  const store = await createEmbeddedStore({ dir });
  try {
    const docs = store.collection<{ _id: string; n: number }>('rows');
    await docs.createIndex({ n: 1 });
    for (let n = 0; n < ROWS; n += 5000)
      await docs.insertMany(Array.from({ length: 5000 }, (_, i) => ({ _id: `row-${n + i}`, n: n + i })));
    const readAll = async () => {
      let seen = 0;
      for (let from = 0; from < ROWS; from += PAGE)
        seen += (await docs.find({ n: { $gte: from } }, { sort: { n: 1 }, limit: PAGE })).length;
      return seen;
    };
    await readAll();

    const before = oldGenerationBytes();
    const seen = await readAll();
    const growth = oldGenerationBytes() - before;

    expect(seen).toBe(ROWS);
    // Without a full collection in between the growth is ~4 MB with row objects; one in between only lowers it.
    expect(growth / MB).toBeLessThan(2);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
