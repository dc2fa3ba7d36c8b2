import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalSearch } from './local.ts';
import { runSearchContract } from './contract.ts';

runSearchContract('local, in memory', () => createLocalSearch());
runSearchContract('local, persisted', async () =>
  createLocalSearch({ dir: await mkdtemp(join(tmpdir(), 'tw-search-')) }),
);

describe('createLocalSearch persistence', () => {
  it('createLocalSearch, restart on the same dir, keeps documents and drops removed ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-search-'));
    const first = await createLocalSearch({ dir });
    await first.ensureIndex('characters', { name: 'text', category: 'keyword' });
    await Promise.all([
      first.upsert('characters', 'a', { name: 'アオイ', category: 'friend' }),
      first.upsert('characters', 'b', { name: 'ミドリ', category: 'friend' }),
    ]);
    await first.remove('characters', 'b');
    await first.close();

    const second = await createLocalSearch({ dir });
    const result = await second.search('characters', { text: 'あおい', filter: { category: 'friend' } });

    expect(result.total).toBe(1);
    expect(result.hits[0]?.doc).toEqual({ name: 'アオイ', category: 'friend' });
    expect(await second.search('characters', { text: 'みどり' })).toEqual({ total: 0, hits: [] });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });

  it('createLocalSearch, dropped index, is gone after restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-search-'));
    const first = await createLocalSearch({ dir });
    await first.ensureIndex('gone', { name: 'text' });
    await first.upsert('gone', 'a', { name: 'x' });
    await first.dropIndex('gone');
    await first.close();

    const second = await createLocalSearch({ dir });

    await expect(second.search('gone', { text: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('ensureIndex, invalid index name, is refused', async () => {
    const search = await createLocalSearch();
    await expect(search.ensureIndex('../etc', { name: 'text' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
