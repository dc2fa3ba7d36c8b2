import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { dialogueService } from '../index.ts';
import { newCharacterId, recognitionTestKit, sampleRecognition } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = recognitionTestKit(() => svc);

const understand = (characterId: string, blockId: string, text: string) =>
  kit.post('/api/dialogue/understand', { character_id: characterId, block_id: blockId, text });

describe('understanding an utterance on the server', () => {
  it("understand, 「お寿司食べたい」 and 「ねこ」, find the block's phrases by surface and reading", async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));

    const food = await understand(id, 'food', 'お寿司食べたい');
    const pets = await understand(id, 'pets', 'いぬとねこ');

    expect(food.statusCode).toBe(200);
    expect(food.json()).toEqual({ ok: true, matches: [{ word: 'お寿司', negated: false, via: 'surface' }] });
    expect(pets.json().matches).toEqual(
      expect.arrayContaining([
        { word: '犬', negated: false, via: 'reading' },
        { word: 'ネコ', negated: false, via: 'surface' },
      ]),
    );
  }, 30_000);

  it('understand, en-US talk saying "I want some noodles", finds the English phrase and its English synonym plainly', async () => {
    const id = newCharacterId();
    const recognition = sampleRecognition(id, { synonyms: [{ word: 'food', synonyms: ['noodle'] }] });
    const food = recognition.blocks.find((b) => b.block_id === 'food')!;
    food.phrases_i18n = { 'en-US': ['food', 'sushi'] };
    await kit.published(id, recognition);

    const english = await kit.post('/api/dialogue/understand', {
      character_id: id,
      block_id: 'food',
      text: 'I want some noodles, not sushi',
      language: 'en-US',
    });
    const japanese = await understand(id, 'food', 'I want some noodles, not sushi');

    expect(english.json().matches).toEqual([
      { word: 'food', negated: false, via: 'synonym', synonym: 'noodle' },
      { word: 'sushi', negated: true, via: 'surface' },
    ]);
    expect(japanese.json().matches).toEqual([]);
  }, 30_000);

  it('understand, 「ラーメンじゃなくて」, answers the phrase as negated', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));

    const res = await understand(id, 'food', 'ラーメンじゃなくて');

    expect(res.json().matches).toEqual([{ word: 'ラーメン', negated: true, via: 'surface' }]);
  }, 30_000);

  it('understand, 「料理の話がしたい」 with 料理 a published synonym of the phrase 食べ物, finds 食べ物 by synonym', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id, { synonyms: [{ word: '食べ物', synonyms: ['料理', 'ごはん'] }] }));

    const res = await understand(id, 'food', '料理の話がしたい');

    expect(res.json().matches).toEqual([{ word: '食べ物', negated: false, via: 'synonym', synonym: '料理' }]);
  }, 30_000);

  it('understand, a synonym said negated (「料理じゃなくて」), answers the phrase as negated', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id, { synonyms: [{ word: '食べ物', synonyms: ['料理'] }] }));

    const res = await understand(id, 'food', '料理じゃなくて');

    expect(res.json().matches).toEqual([{ word: '食べ物', negated: true, via: 'synonym', synonym: '料理' }]);
  }, 30_000);

  it('understand, a character never published or a block it does not have, answers no matches', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));

    const unknownCharacter = await understand(newCharacterId(), 'food', 'ラーメン');
    const unknownBlock = await understand(id, 'nowhere', 'ラーメン');

    expect([unknownCharacter.json(), unknownBlock.json()]).toEqual([
      { ok: true, matches: [] },
      { ok: true, matches: [] },
    ]);
  });

  it('understand, an utterance longer than 500 characters, is refused', async () => {
    const res = await understand(newCharacterId(), 'food', 'あ'.repeat(501));

    expect(res.statusCode).toBe(400);
  });
});
