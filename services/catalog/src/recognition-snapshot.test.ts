import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { CharacterRecognition, makeBlock, makeSetting, type Block } from '@talkwith/proto/dialogue';
import { phrasesOf, recognitionSnapshot } from './recognition-snapshot.ts';

const characterId = () => randomUUID();
const block = (b: Partial<Block> & Pick<Block, 'id'>) => makeBlock({ character_id: 'c', ...b });
const snapshotOf = (id: string, blocks: Block[], setting: Record<string, string> = {}) =>
  recognitionSnapshot(id, { blocks, setting: makeSetting({ character_id: id, ...setting }) });

describe('recognitionSnapshot', () => {
  it('phrasesOf, hit words of every route, the legacy list and the title, gives each phrase once with the title split at ・／/', () => {
    const b = block({
      id: 'b1',
      title: '犬・猫／小鳥/ペット',
      hit_words: [
        { words: ['犬', 'わんちゃん'], block_id: 'b2', slot: null },
        { words: ['ハムスター'], block_id: 'b3', slot: null },
      ],
      hit_word: 'いぬ、ねこ,  うさぎ ,',
    });
    expect(phrasesOf(b)).toEqual(['犬', 'わんちゃん', 'ハムスター', 'いぬ', 'ねこ', 'うさぎ', '猫', '小鳥', 'ペット']);
  });

  it('recognitionSnapshot, a block, carries its id, title, spj_category and listen_next_block', () => {
    const id = characterId();
    const { blocks } = snapshotOf(id, [
      block({ id: 'b1', title: 'はじめ', spj_category: 'greeting', listen_next_block: ['b2', 'b3'] }),
    ]);
    expect(blocks).toEqual([
      {
        block_id: 'b1',
        title: 'はじめ',
        phrases: ['はじめ'],
        spj_category: 'greeting',
        listen_next_block: ['b2', 'b3'],
      },
    ]);
  });

  it('recognitionSnapshot, routes with English words, carries en-US phrases (untranslated routes in Japanese) and no other language', () => {
    const id = characterId();
    const { blocks } = snapshotOf(id, [
      block({
        id: 'b1',
        title: '話題',
        hit_words: [
          { words: ['食べ物'], words_i18n: { 'en-US': ['food', 'meal'] }, block_id: 'b2', slot: null },
          { words: ['旅行'], block_id: 'b3', slot: null },
        ],
      }),
    ]);

    expect(blocks[0]?.phrases).toEqual(['食べ物', '旅行', '話題']);
    expect(blocks[0]?.phrases_i18n).toEqual({ 'en-US': ['food', 'meal', '旅行', '話題'] });
    expect(Value.Check(CharacterRecognition, { ...snapshotOf(id, []), blocks })).toBe(true);
  });

  it('recognitionSnapshot, a block with translated titles, carries them trimmed, an empty language left out', () => {
    const { blocks } = snapshotOf(characterId(), [
      block({ id: 'b1', title: 'あいさつ', title_i18n: { 'en-US': ' Greeting ', 'fil-PH': '', 'zh-TW': '打招呼' } }),
      block({ id: 'b2', title: '食べ物の話' }),
    ]);

    expect(blocks[0]?.title_i18n).toEqual({ 'en-US': 'Greeting', 'zh-TW': '打招呼' });
    expect(blocks[1]).not.toHaveProperty('title_i18n');
  });

  it('recognitionSnapshot, action buttons, use the code (else the button id) and the points (else 0)', () => {
    const id = characterId();
    const { actions } = snapshotOf(id, [
      block({
        id: 'b1',
        action_buttons: [
          { id: 'hint', title: 'ヒント', kind: 'block', block_id: 'b2', video_id: null, code: 'HINT-30', points: 30 },
          { id: 'back', title: '戻る', kind: 'end', block_id: null, video_id: null, code: '' },
          { id: 'again', title: 'もう一度', kind: 'video', block_id: null, video_id: 'v1' },
        ],
      }),
    ]);
    expect(actions).toEqual([
      { code: 'HINT-30', character_id: id, block_id: 'b1', button_id: 'hint', title: 'ヒント', points: 30 },
      { code: 'back', character_id: id, block_id: 'b1', button_id: 'back', title: '戻る', points: 0 },
      { code: 'again', character_id: id, block_id: 'b1', button_id: 'again', title: 'もう一度', points: 0 },
    ]);
  });

  it('recognitionSnapshot, the setting, carries es_index_name, spj_url and spj_api_key', () => {
    const id = characterId();
    const snapshot = snapshotOf(id, [], {
      es_index_name: ' mirai-index ',
      spj_url: 'https://spj.example/score',
      spj_api_key: 'sk-1',
    });
    expect(snapshot).toMatchObject({
      es_index_name: 'mirai-index',
      spj_url: 'https://spj.example/score',
      spj_api_key: 'sk-1',
    });
  });

  it("recognitionSnapshot, the operator's synonym groups, carries them trimmed and leaves out a group without synonyms", () => {
    const id = characterId();
    const snapshot = recognitionSnapshot(id, {
      blocks: [],
      setting: makeSetting({ character_id: id }),
      synonyms: [
        { word: ' 食べ物 ', synonyms: ['料理', ' ', 'ごはん '] },
        { word: '旅行', synonyms: [' '] },
      ],
    });
    expect(snapshot.synonyms).toEqual([{ word: '食べ物', synonyms: ['料理', 'ごはん'] }]);
  });

  it('recognitionSnapshot, the demo character, fits the event schema', () => {
    const snapshot = recognitionSnapshot(demoCharacter.id, demoCharacter);
    expect(Value.Errors(CharacterRecognition, snapshot).First()).toBeUndefined();
    expect(snapshot.blocks).toHaveLength(demoCharacter.blocks.length);
  });

  it('recognitionSnapshot, data beyond the contract (ids with spaces, long titles and phrases, a blank category, a huge url), still fits the event schema', () => {
    const id = characterId();
    const snapshot = snapshotOf(
      id,
      [
        block({ id: 'ブロック 1', title: 'x' }),
        block({
          id: 'ok',
          title: 'あ'.repeat(300),
          hit_word: 'い'.repeat(300),
          spj_category: '  ',
          listen_next_block: ['ok', 'bad id', ...Array.from({ length: 150 }, (_, i) => `n${i}`)],
          hit_words: [{ words: Array.from({ length: 600 }, (_, i) => `w${i}`), block_id: 'ok', slot: null }],
          action_buttons: [
            { id: 'bad button', title: 'x', kind: 'end', block_id: null, video_id: null },
            { id: 'b', title: 'x', kind: 'end', block_id: null, video_id: null, code: 'c'.repeat(150) },
          ],
        }),
      ],
      { spj_url: `https://spj.example/${'p'.repeat(2100)}` },
    );
    expect(Value.Errors(CharacterRecognition, snapshot).First()).toBeUndefined();
    expect(snapshot.blocks.map((b) => b.block_id)).toEqual(['ok']);
    expect(snapshot.blocks[0]).toMatchObject({ spj_category: null });
    expect(snapshot.spj_url).toBe('');
    expect(snapshot.actions.map((a) => a.button_id)).toEqual(['b']);
  });
});
