import { beforeAll, describe, expect, it } from 'vitest';
import { hitWordDecision } from '../src/index.ts';
import { demoCharacter } from '../demo/index.ts';
import { makeBlock, type Block } from '@talkwith/proto/dialogue';
import { loadAnalyser } from './analyser.ts';
import { nominalForm, readingKey } from './forms.ts';
import { Understanding } from './matcher.ts';

let understanding: Understanding;
beforeAll(async () => {
  understanding = new Understanding(await loadAnalyser());
}, 30_000);

const greet = (): Block => demoCharacter.blocks.find((b) => b.id === 'greet')!;
/** Where ミライ's greeting goes for each utterance, by the server's matching. */
const routes = (b: Block, texts: string[]) =>
  texts.map((t) => {
    const d = hitWordDecision(b, understanding.matcher(understanding.utterance(t)));
    return d?.kind === 'block' ? d.blockId : d?.kind;
  });

describe("understanding hit words by reading and base form (the issue's examples, demo character ミライ)", () => {
  it('understanding, 「ご飯の話」 and 「御飯」 against the hit word ごはん, reach the food topic', () => {
    expect(routes(greet(), ['ご飯の話', '御飯'])).toEqual(['topic-food', 'topic-food']);
  });

  it('understanding, 「占って」「占ってほしい」「うらなって」 against 占い／うらない, reach the fortune', () => {
    expect(routes(greet(), ['占って', '占ってほしい', 'うらなって'])).toEqual(['fortune', 'fortune', 'fortune']);
  });

  it('understanding, 「終りにする」 (okurigana) against 終わり, reaches the wrap-up', () => {
    expect(routes(greet(), ['終りにする'])).toEqual(['wrap-up']);
  });

  it('understanding, 「らあめん」 (a long vowel written out) against ラーメン, reaches the food reply', () => {
    expect(routes(greet(), ['らあめん'])).toEqual(['food-reply']);
  });

  it('understanding, 「京都じゃなくて大阪」 with 京都 listed first, goes to 大阪', () => {
    const b = makeBlock({
      id: 'ask',
      character_id: 'c',
      title: 'ask',
      hit_words: [
        { words: ['京都'], block_id: 'kyoto', slot: null },
        { words: ['大阪'], block_id: 'osaka', slot: null },
      ],
    });

    expect(routes(b, ['京都じゃなくて大阪', 'きょうとじゃなくておおさか'])).toEqual(['osaka', 'osaka']);
  });

  it('understanding, words that only sound like a hit word inside others, take no route', () => {
    expect(routes(greet(), ['このたびはどうも', 'たびたびごめんね', 'きょうはいい天気'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('understanding, a match, says how it was found', () => {
    const via = ['ラーメン', '御飯', '占って'].map(
      (t) => hitWordDecision(greet(), understanding.matcher(understanding.utterance(t)))?.found.via,
    );

    expect(via).toEqual(['surface', 'reading', 'base']);
  });
});

describe('understanding a verb said in kana the analyser cuts wrongly', () => {
  const sing = () =>
    makeBlock({
      id: 'ask',
      character_id: 'c',
      title: 'ask',
      hit_words: [{ words: ['歌う'], block_id: 'sing', slot: null }],
    });

  it('understanding, 「うたった」 (read as う + たった) against the hit word 歌う, finds it by its base form', () => {
    const found = understanding.matcher(understanding.utterance('うたった'))('歌う');

    expect(found).toEqual([{ negated: false, via: 'base' }]);
    expect(routes(sing(), ['うたった', 'きのうカラオケでうたったよ', 'ウタッタ'])).toEqual(['sing', 'sing', 'sing']);
  });

  it("understanding, kana that only begin with the verb's reading (うたがわしい, うたたね), take no route", () => {
    expect(routes(sing(), ['うたがわしい', 'うたたねしちゃった', 'ぶたったらかわいい'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('reading forms', () => {
  it('readingKey, katakana, long vowel marks and small vowels, meet their plain hiragana', () => {
    expect(['ラーメン', 'らあめん', 'バイバーイ', 'ばいばぁい', 'ｷｮｳﾄ'].map(readingKey)).toEqual([
      'らあめん',
      'らあめん',
      'ばいばあい',
      'ばいばあい',
      'きょうと',
    ]);
  });

  it('nominalForm, godan, ichidan and suru verbs, give their noun; other words none', () => {
    expect([
      nominalForm('占う', '五段・ワ行促音便'),
      nominalForm('終わる', '五段・ラ行'),
      nominalForm('食べる', '一段'),
      nominalForm('勉強する', 'サ変・スル'),
      nominalForm('高い', '形容詞・アウオ段'),
    ]).toEqual(['占い', '終わり', '食べ', '勉強し', undefined]);
  });
});
