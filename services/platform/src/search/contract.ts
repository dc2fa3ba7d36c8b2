import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldKind, SearchIndex } from '../ports/search.ts';

const MAPPING: Record<string, FieldKind> = {
  name: 'text',
  description: 'text',
  category: 'keyword',
  price: 'number',
  published: 'boolean',
};

export interface SearchContractOptions {
  /**
   * The adapter reads Japanese (Elasticsearch with the analysis-kuromoji
   * plugin; the local index given the dialogue service's analyser): the
   * reading and inflection cases run too. A function decides inside the test
   * (a cluster is only reachable then); false skips them.
   */
  readings?: boolean | (() => Promise<boolean>);
}

/** Behaviour every SearchIndex adapter shares; `make` returns a connected adapter. */
export function runSearchContract(
  adapterName: string,
  make: () => Promise<SearchIndex>,
  options: SearchContractOptions = {},
): void {
  describe(`search contract (${adapterName})`, () => {
    let search: SearchIndex;
    let index: string;

    beforeEach(async () => {
      search = await make();
      index = `contract-${randomUUID().slice(0, 8)}`;
      await search.ensureIndex(index, MAPPING);
    });

    afterEach(async () => {
      await search.dropIndex(index);
      await search.close();
    });

    const put = async (docs: Record<string, Record<string, unknown>>): Promise<void> => {
      for (const [id, doc] of Object.entries(docs)) await search.upsert(index, id, doc);
      await search.refresh(index);
    };
    const idsFor = async (text: string, extra: object = {}): Promise<string[]> =>
      (await search.search(index, { text, ...extra })).hits.map((hit) => hit.id);

    it('search, hiragana query, finds katakana text', async () => {
      await put({
        a: { name: 'ミライ', description: '未来から来たアンドロイド' },
        b: { name: 'はると', description: '高校生' },
      });
      expect(await idsFor('みらい')).toEqual(['a']);
      expect(await idsFor('あんどろいど')).toEqual(['a']);
    });

    it('search, full-width latin query, finds half-width text and the reverse', async () => {
      await put({ a: { name: 'abc corp', description: '' }, b: { name: 'ＸＹＺ', description: '' } });
      expect(await idsFor('ＡＢＣ')).toEqual(['a']);
      expect(await idsFor('xyz')).toEqual(['b']);
    });

    it('search, word inside a sentence, is found', async () => {
      await put({
        a: { name: 'ユキ', description: '東京の大学で心理学を勉強している学生です。' },
        b: { name: 'ソラ', description: '海辺の町で暮らす漁師' },
      });
      expect(await idsFor('心理学')).toEqual(['a']);
      expect(await idsFor('漁師')).toEqual(['b']);
      expect(await idsFor('猫')).toEqual([]);
    });

    it('search, long-vowel mark missing in query, still matches', async () => {
      await put({ a: { name: 'コンピューター好き', description: '' } });
      expect(await idsFor('コンピュータ')).toEqual(['a']);
    });

    it('search, synonym groups given to the index, finds text saying another member of a group, and no more', async () => {
      await search.ensureIndex(index, MAPPING, {
        synonyms: [
          ['料理', 'クッキング'],
          ['旅行', 'トラベル'],
        ],
      });
      await put({
        a: { name: 'カイ', description: '料理人' },
        b: { name: 'ソラ', description: 'トラベルライター' },
        c: { name: 'リン', description: '音楽家' },
      });
      expect(await idsFor('クッキング')).toEqual(['a']);
      expect(await idsFor('旅行')).toEqual(['b']);
      expect(await idsFor('音楽')).toEqual(['c']);
    });

    it('ensureIndex, new synonym groups, replace the previous ones', async () => {
      await search.ensureIndex(index, MAPPING, { synonyms: [['料理', 'クッキング']] });
      await search.ensureIndex(index, MAPPING, { synonyms: [['旅行', 'トラベル']] });
      await put({ a: { name: 'カイ', description: '料理人' }, b: { name: 'ソラ', description: 'トラベルライター' } });
      expect(await idsFor('クッキング')).toEqual([]);
      expect(await idsFor('旅行')).toEqual(['b']);
    });

    it('search, documents of different relevance, ranks the more relevant first', async () => {
      await put({
        weak: { name: 'ハル', description: '料理が得意で、旅行が好き。週末は映画を観る。' },
        strong: { name: 'カイ', description: '料理人。料理の話なら何でも。料理教室も開く。' },
        none: { name: 'リン', description: '音楽家' },
      });
      const result = await search.search(index, { text: '料理' });
      expect(result.hits.map((hit) => hit.id)).toEqual(['strong', 'weak']);
      expect(result.hits[0]!.score).toBeGreaterThan(result.hits[1]!.score);
    });

    it('search, keyword number and boolean filters, narrow the matches', async () => {
      await put({
        a: { name: '先生 アキ', description: '', category: 'teacher', price: 0, published: true },
        b: { name: '先生 ミオ', description: '', category: 'teacher', price: 500, published: false },
        c: { name: '先生 ケン', description: '', category: 'friend', price: 0, published: true },
      });
      expect((await idsFor('先生', { filter: { category: 'teacher' } })).sort()).toEqual(['a', 'b']);
      expect((await idsFor('先生', { filter: { price: 0, published: true } })).sort()).toEqual(['a', 'c']);
      expect(await idsFor('', { filter: { published: false } })).toEqual(['b']);
    });

    it('search, paging with from and size, returns the page and the full total', async () => {
      const docs: Record<string, Record<string, unknown>> = {};
      for (let i = 0; i < 7; i++)
        docs[`d${i}`] = { name: `キャラクター${i}`, description: 'やさしい相談相手', category: 'friend' };
      await put(docs);
      const first = await search.search(index, { text: '相談', from: 0, size: 3 });
      const last = await search.search(index, { text: '相談', from: 6, size: 3 });
      expect(first.total).toBe(7);
      expect(first.hits).toHaveLength(3);
      expect(last.total).toBe(7);
      expect(last.hits).toHaveLength(1);
      const all = await search.search(index, { text: '相談', size: 10 });
      expect(new Set(all.hits.map((hit) => hit.id)).size).toBe(7);
    });

    it('search, restricted fields, ignores matches in other fields', async () => {
      await put({ a: { name: 'サクラ', description: '' }, b: { name: 'モモ', description: 'サクラの親友' } });
      expect(await idsFor('さくら', { fields: ['name'] })).toEqual(['a']);
      expect((await idsFor('さくら')).sort()).toEqual(['a', 'b']);
    });

    it('search, text of only punctuation, matches like no text', async () => {
      await put({ a: { name: 'アイ', description: '' }, b: { name: 'ユウ', description: '' } });
      expect((await search.search(index, { text: '！？、' })).total).toBe(2);
    });

    it('remove, indexed document, is no longer found', async () => {
      await put({ a: { name: 'ヒカリ', description: '' } });
      await search.remove(index, 'a');
      await search.remove(index, 'never-existed');
      await search.refresh(index);
      expect(await search.search(index, { text: 'ひかり' })).toEqual({ total: 0, hits: [] });
    });

    it('upsert, same id twice, replaces the document', async () => {
      await put({ a: { name: 'ナツ', description: '夏が好き', category: 'friend' } });
      await put({ a: { name: 'フユ', description: '冬が好き', category: 'teacher' } });
      expect(await idsFor('なつ')).toEqual([]);
      const result = await search.search(index, { text: 'ふゆ' });
      expect(result.total).toBe(1);
      expect(result.hits[0]).toMatchObject({
        id: 'a',
        doc: { name: 'フユ', description: '冬が好き', category: 'teacher' },
      });
    });

    it('ping, connected adapter, resolves', async () => {
      await expect(search.ping()).resolves.toBeUndefined();
    });

    const { readings } = options;
    if (readings) runReadingCases(() => ({ search, index }), put, readings === true ? async () => true : readings);
  });
}

/** Japanese the way people write and say it: kanji or kana, inflected; on an index that asks for readings. */
function runReadingCases(
  current: () => { search: SearchIndex; index: string },
  put: (docs: Record<string, Record<string, unknown>>) => Promise<void>,
  readsJapanese: () => Promise<boolean>,
): void {
  const idsFor = async (text: string): Promise<string[]> => {
    const { search, index } = current();
    return (await search.search(index, { text })).hits.map((hit) => hit.id).sort();
  };
  /** True when the case runs: the index is asked to match by reading. */
  const withReadings = async (): Promise<boolean> => {
    if (!(await readsJapanese())) return false;
    const { search, index } = current();
    await search.ensureIndex(index, MAPPING, { readings: true });
    return true;
  };

  it('search, word in kana on an index with readings, finds the text writing it in kanji and the reverse', async (ctx) => {
    if (!(await withReadings())) return ctx.skip();
    await put({
      a: { name: 'ハル', description: '御飯を作るのが好き' },
      b: { name: 'ソラ', description: '週末はすしを食べる' },
      c: { name: 'リン', description: '海辺の町で暮らす' },
    });
    expect(await idsFor('ごはん')).toEqual(['a']);
    expect(await idsFor('ご飯')).toEqual(['a']);
    expect(await idsFor('寿司')).toEqual(['b']);
    expect(await idsFor('おおさか')).toEqual([]);
  });

  it('search, inflected verb on an index with readings, finds the text with its dictionary form', async (ctx) => {
    if (!(await withReadings())) return ctx.skip();
    await put({
      a: { name: 'ミライ', description: '星を見て未来を占う' },
      b: { name: 'カイ', description: '毎朝パンを食べる' },
    });
    expect(await idsFor('占った')).toEqual(['a']);
    expect(await idsFor('食べました')).toEqual(['b']);
    expect(await idsFor('歌った')).toEqual([]);
  });

  it('search, all-hiragana word the analyser cuts wrongly on an index with readings, finds the text writing it in kanji', async (ctx) => {
    if (!(await withReadings())) return ctx.skip();
    await put({
      a: { name: 'カイ', description: '料理が得意' },
      b: { name: 'ユキ', description: '未来から来た' },
      c: { name: 'リン', description: '海辺の町で暮らす' },
    });
    expect(await idsFor('りょうり')).toEqual(['a']);
    expect(await idsFor('みらい')).toEqual(['b']);
    expect(await idsFor('うみべ')).toEqual(['c']);
    expect(await idsFor('りょこう')).toEqual([]);
  });

  it('search, inflected verb on an index with readings, finds the text with the noun it gives', async (ctx) => {
    if (!(await withReadings())) return ctx.skip();
    await put({
      a: { name: 'ミライ', description: '占いが好き' },
      b: { name: 'カイ', description: '終わりの時間' },
      c: { name: 'ソラ', description: '歌が好き' },
    });
    expect(await idsFor('占って')).toEqual(['a']);
    expect(await idsFor('うらなって')).toEqual(['a']);
    expect(await idsFor('終わった')).toEqual(['b']);
    expect(await idsFor('泳いで')).toEqual([]);
  });
}
