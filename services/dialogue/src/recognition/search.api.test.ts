import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Messages } from '@talkwith/dialogue-engine';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { dialogueService } from '../index.ts';
import { blockDocId } from './block-index.ts';
import { loadRecognition } from './characters.ts';
import { onCharacterPublished } from './consumer.ts';
import { newCharacterId, publishedEvent, recognitionTestKit, sampleRecognition } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});
const kit = recognitionTestKit(() => svc);

const docIds = async (index: string) =>
  (await svc.platform.search.search(index, { size: 100 })).hits.map((h) => h.id).sort();

describe('recognition search', () => {
  it('search, a phrase of a candidate said inside a sentence, ranks it 100 and leaves out candidates without a match', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const res = await kit.search(id, 'うちには犬がいます', ['food', 'pets']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, hits: [{ block_id: 'pets', score: 100 }] });
  });

  it("search, katakana said in hiragana and full width, still finds the phrase (the engine's normalisation)", async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const res = await kit.search(id, 'ねこ が すき', ['pets']);
    expect(res.json().hits).toEqual([{ block_id: 'pets', score: 100 }]);
  });

  it("search, 「料理」 with 料理 a synonym of the phrase 食べ物, is found by the search port through the index's synonym groups", async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id, { synonyms: [{ word: '食べ物', synonyms: ['料理'] }] }));
    const res = await kit.search(id, '料理', ['food', 'pets']);
    expect(res.json().hits).toEqual([{ block_id: 'food', score: 99 }]);
  });

  it('search, 「すし」 said in kana for the phrase お寿司, is found by the search port by reading', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const res = await kit.search(id, 'すし', ['food', 'pets']);
    expect(res.json().hits).toEqual([{ block_id: 'food', score: 99 }]);
  });

  it('search, an utterance inside a longer phrase, is ranked by the search port below 100', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const res = await kit.search(id, 'ペット', ['food', 'pets']);
    expect(res.json().hits).toEqual([{ block_id: 'pets', score: 99 }]);
  });

  it('search, several matching candidates, answers them best first with scores in 0–100', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const { hits } = (await kit.search(id, 'お寿司と食べ物のペット', ['pets', 'food'])).json();
    expect(hits.map((h: { block_id: string }) => h.block_id)).toEqual(['food', 'pets']);
    expect(hits.every((h: { score: number }) => h.score > 0 && h.score <= 100)).toBe(true);
  });

  it('search, a block that is not a candidate, is never answered even when it matches best', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const res = await kit.search(id, 'こんにちは', ['food', 'no-such-block']);
    expect(res.json()).toEqual({ ok: true, hits: [] });
  });

  it("search, a character never published, answers no hits and logs §8's empty-result message", async () => {
    const info = vi.spyOn(svc.platform.logger, 'info');
    const id = newCharacterId();
    const res = await kit.search(id, 'こんにちは', ['greet']);
    expect(res.json()).toEqual({ ok: true, hits: [] });
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ character_id: id, reason: 'character not published' }),
      Messages.EMPTY_SPJ_OR_SEARCH,
    );
  });

  it('search, no candidates, answers no hits', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    expect((await kit.search(id, 'こんにちは', [])).json()).toEqual({ ok: true, hits: [] });
  });

  it.each([
    ['text missing', { character_id: 'c1', block_id: 'b1', candidates: [] }, 'text'],
    [
      'an utterance over 500 characters',
      { character_id: 'c1', block_id: 'b1', text: 'あ'.repeat(501), candidates: [] },
      'text',
    ],
    [
      'over 200 candidates',
      { character_id: 'c1', block_id: 'b1', text: 'a', candidates: Array.from({ length: 201 }, (_, i) => `b${i}`) },
      'candidates',
    ],
    [
      'a character id with a path in it',
      { character_id: '../admin', block_id: 'b1', text: 'a', candidates: [] },
      'character_id',
    ],
    [
      'a candidate that is not a string',
      { character_id: 'c1', block_id: 'b1', text: 'a', candidates: [{ $ne: null }] },
      'candidates/0',
    ],
  ])('search, %s, answers 400 VALIDATION_FAILED', async (_name, body, field) => {
    const res = await kit.post('/api/dialogue/search', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(res.json().field).toContain(field.split('/')[0]);
  });
});

describe('recognition block index', () => {
  it('character.published, a character without es_index_name, indexes one document per block in recognition-{id}', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    expect(await docIds(`recognition-${id}`)).toEqual(['food', 'greet', 'pets'].map((b) => blockDocId(id, b)).sort());
  });

  it('character.published, a character naming its index, indexes there', async () => {
    const id = newCharacterId();
    const index = `custom-${id}`;
    await kit.published(id, sampleRecognition(id, { es_index_name: index }));
    expect(await docIds(index)).toHaveLength(3);
  });

  it("character.published, a newer version without a block, removes that block's document and stops ranking it", async () => {
    const id = newCharacterId();
    const first = sampleRecognition(id);
    await kit.published(id, first);
    await kit.published(id, { ...first, blocks: first.blocks.filter((b) => b.block_id !== 'pets') }, 2);
    expect(await docIds(`recognition-${id}`)).toEqual([blockDocId(id, 'food'), blockDocId(id, 'greet')]);
    expect((await kit.search(id, '犬', ['pets'])).json().hits).toEqual([]);
  });

  it.each([2, 3])(
    'character.published, version %i delivered after version 3, changes neither the data nor the index (version guard)',
    async (late) => {
      const id = newCharacterId();
      const newer = sampleRecognition(id);
      await kit.published(id, newer, 3);
      const older = { ...newer, blocks: [{ ...newer.blocks[0]!, block_id: 'old', phrases: ['むかしの言葉'] }] };
      await svc.platform.store.withTransaction((tx) =>
        onCharacterPublished(svc.platform, publishedEvent(id, late, older), tx),
      );
      expect((await loadRecognition(svc.platform.store, id))?.recognition).toEqual(newer);
      expect(await docIds(`recognition-${id}`)).toEqual(['food', 'greet', 'pets'].map((b) => blockDocId(id, b)).sort());
      expect((await kit.search(id, '犬', ['pets'])).json().hits).toEqual([{ block_id: 'pets', score: 100 }]);
    },
  );

  it('character.published, redelivered after a crash before its commit (index written, data rolled back), ends with the same documents', async () => {
    const id = newCharacterId();
    const event = publishedEvent(id, 1, sampleRecognition(id));
    const crashed = svc.platform.store.withTransaction(async (tx) => {
      await onCharacterPublished(svc.platform, event, tx);
      throw new Error('crash before commit');
    });
    await expect(crashed).rejects.toThrow('crash before commit');
    await svc.platform.store.withTransaction((tx) => onCharacterPublished(svc.platform, event, tx));
    expect((await loadRecognition(svc.platform.store, id))?.version).toBe(1);
    expect(await docIds(`recognition-${id}`)).toEqual(['food', 'greet', 'pets'].map((b) => blockDocId(id, b)).sort());
  });

  it('character.unpublished, a published character, drops its data and index: search answers no hits', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    await svc.platform.events.publish('character.unpublished', id, { character_id: id });
    await eventually(async () => (await loadRecognition(svc.platform.store, id)) === null);
    await expect(svc.platform.search.search(`recognition-${id}`, {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await kit.search(id, '犬', ['pets'])).json().hits).toEqual([]);
  });

  it('character.published, an index name the search port refuses, keeps the data and ranks by the phrases (logged)', async () => {
    const warn = vi.spyOn(svc.platform.logger, 'warn');
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id, { es_index_name: 'Not A Valid Name!' }));
    expect((await kit.search(id, '犬がすき', ['pets'])).json().hits).toEqual([{ block_id: 'pets', score: 100 }]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ character_id: id }), Messages.INVALID_SPJ_OR_SEARCH);
  });
});
