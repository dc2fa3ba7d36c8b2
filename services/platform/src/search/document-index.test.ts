import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentIndex } from './document-index.ts';
import { createLocalSearch } from './local.ts';

describe('DocumentIndex', () => {
  it('search, query tokens split across two fields, does not match', () => {
    const index = DocumentIndex.create({ name: 'text', description: 'text' }, [
      ['a', { name: 'ミライ', description: 'アンドロイド' }],
    ]);

    const split = index.search({ text: 'みらい あんどろいど' });
    const oneField = index.search({ text: 'みらい' });

    expect(split.total).toBe(0);
    expect(oneField.hits.map((hit) => hit.id)).toEqual(['a']);
  });

  it('search, text field named id, is searched like any other field', () => {
    const index = DocumentIndex.create({ id: 'text' }, [['doc-1', { id: 'サクラ' }]]);

    const result = index.search({ text: 'さくら' });

    expect(result.hits).toEqual([{ id: 'doc-1', score: expect.any(Number), doc: { id: 'サクラ' } }]);
  });

  it('restore, snapshot round trip, answers the same hits as the original', () => {
    const original = DocumentIndex.create({ name: 'text', category: 'keyword' }, [
      ['a', { name: '料理人 カイ', category: 'friend' }],
      ['b', { name: '料理好き ハル', category: 'teacher' }],
    ]);
    original.remove('b');

    const restored = DocumentIndex.restore(JSON.parse(JSON.stringify(original.toSnapshot())));

    expect(restored.search({ text: '料理' })).toEqual(original.search({ text: '料理' }));
    expect(restored.search({ text: 'はる' }).total).toBe(0);
  });
});

describe('createLocalSearch snapshots', () => {
  it('createLocalSearch, snapshot written before minisearch (documents only), re-indexes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-search-'));
    const legacy = {
      mapping: { name: 'text', category: 'keyword' },
      docs: { a: { name: 'アオイ', category: 'friend' } },
    };
    await writeFile(join(dir, 'characters.index.json'), JSON.stringify(legacy));

    const search = await createLocalSearch({ dir });
    const result = await search.search('characters', { text: 'あおい', filter: { category: 'friend' } });

    expect(result.hits.map((hit) => hit.id)).toEqual(['a']);
  });
});
