import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadingForms, ReadingTokens } from '../ports/search.ts';
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

describe('createLocalSearch readings', () => {
  /** A stand-in analyser: each word's reading from a small dictionary (the real one is the dialogue service's kuromoji). */
  const READINGS: Record<string, string> = { 御飯: 'ごはん', ご飯: 'ごはん', ごはん: 'ごはん', 海: 'うみ' };
  const fakeForms = (text: string): ReadingTokens => ({
    words: Object.keys(READINGS)
      .filter((word) => text.includes(word))
      .map((word) => [READINGS[word]!]),
    phrases: [],
  });

  it('search, index with readings and an analyser, finds text written another way and loads the analyser once', async () => {
    const search = await createLocalSearch();
    let loads = 0;
    search.useReadings(async () => {
      loads += 1;
      return fakeForms;
    });
    await search.ensureIndex('blocks', { text: 'text' }, { readings: true });
    await search.upsert('blocks', 'food', { text: '御飯の話' });
    await search.upsert('blocks', 'sea', { text: '海の話' });

    const first = await search.search('blocks', { text: 'ごはん' });
    await search.upsert('blocks', 'lunch', { text: 'ご飯' });
    const second = await search.search('blocks', { text: 'ごはん' });

    expect(first.hits.map((hit) => hit.id)).toEqual(['food']);
    expect(second.hits.map((hit) => hit.id).sort()).toEqual(['food', 'lunch']);
    expect(loads).toBe(1);
  });

  it('search, index without readings, never loads the analyser and matches by surface only', async () => {
    const search = await createLocalSearch();
    let loads = 0;
    search.useReadings(async () => {
      loads += 1;
      return fakeForms;
    });
    await search.ensureIndex('characters', { text: 'text' });
    await search.upsert('characters', 'food', { text: '御飯の話' });

    const result = await search.search('characters', { text: 'ごはん' });

    expect(result.total).toBe(0);
    expect(loads).toBe(0);
  });

  it('useReadings, warm-up asked, loads the analyser before any search and a search meanwhile matches by surface without waiting', async () => {
    const search = await createLocalSearch();
    let loads = 0;
    let finish: (forms: ReadingForms) => void = () => {};
    search.useReadings(
      () => {
        loads += 1;
        return new Promise<ReadingForms>((resolve) => (finish = resolve));
      },
      { warm: true },
    );
    await search.ensureIndex('blocks', { text: 'text' }, { readings: true });
    await search.upsert('blocks', 'food', { text: '御飯の話' });
    await search.upsert('blocks', 'kana', { text: 'ごはんの話' });
    const loadsBeforeSearch = loads;

    const whileLoading = await search.search('blocks', { text: 'ごはん' });
    finish(fakeForms);
    await new Promise((resolve) => setImmediate(resolve));
    const loaded = await search.search('blocks', { text: 'ごはん' });

    expect(loadsBeforeSearch).toBe(1);
    expect(whileLoading.hits.map((hit) => hit.id)).toEqual(['kana']);
    expect(loaded.hits.map((hit) => hit.id).sort()).toEqual(['food', 'kana']);
    expect(loads).toBe(1);
  });

  it('createLocalSearch, restart of an index with readings, still matches by reading', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-search-'));
    const first = await createLocalSearch({ dir });
    await first.ensureIndex('blocks', { text: 'text' }, { readings: true });
    await first.upsert('blocks', 'food', { text: '御飯の話' });
    await first.close();

    const second = await createLocalSearch({ dir });
    second.useReadings(async () => fakeForms);
    const result = await second.search('blocks', { text: 'ごはん' });

    expect(result.hits.map((hit) => hit.id)).toEqual(['food']);
    await rm(dir, { recursive: true, force: true });
  });
});
