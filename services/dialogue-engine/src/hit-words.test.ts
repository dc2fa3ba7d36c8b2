import { describe, expect, it } from 'vitest';
import { makeBlock } from '@talkwith/proto/dialogue';
import { hitWordDecision, literalMatcher, negatedAfter } from './hit-words.ts';
import { normalizeJapanese } from './normalize.ts';
import { demo } from './test-fixtures.ts';

const travel = () => makeBlock({
  id: 'ask', character_id: 'c', title: 'ask',
  hit_words: [
    { words: ['京都'], block_id: 'kyoto', slot: null },
    { words: ['大阪'], block_id: 'osaka', slot: null },
    { words: ['北海道'], block_id: 'hokkaido', slot: null },
  ],
});
const routeOf = (text: string) => hitWordDecision(travel(), literalMatcher(normalizeJapanese(text)));

describe('hit-word routing with negation (the player, literal matching)', () => {
  it('hitWordDecision, 「京都じゃなくて大阪」 with 京都 listed first, goes to 大阪', () => {
    const decision = routeOf('京都じゃなくて大阪');

    expect(decision).toMatchObject({ kind: 'block', blockId: 'osaka' });
  });

  it('hitWordDecision, 〜以外 and 〜は嫌 before the affirmed word, go to the affirmed word', () => {
    const decisions = ['京都以外なら北海道', '京都は嫌、大阪がいい', '京都はいやだ、北海道'].map((t) => routeOf(t));

    expect(decisions.map((d) => d && d.kind === 'block' && d.blockId)).toEqual(['hokkaido', 'osaka', 'hokkaido']);
  });

  it('hitWordDecision, only negated words, takes no route', () => {
    const decision = routeOf('京都じゃなくて');

    expect(decision).toBeUndefined();
  });

  it('hitWordDecision, plain and insisting sentences, still take the word they name', () => {
    const decisions = ['京都がいい', '京都じゃなきゃ嫌', '京都かな、大阪じゃなくて'].map((t) => routeOf(t));

    expect(decisions.map((d) => d && d.kind === 'block' && d.blockId)).toEqual(['kyoto', 'kyoto', 'kyoto']);
  });

  it('negatedAfter, what follows a word, is a negation only for the listed phrases', () => {
    const rests = ['じゃなくて', 'ではなく', 'いがい', '以外', 'はいや', 'は嫌', 'がいい', 'じゃなきゃ', 'に行きたい', ''];

    expect(rests.map((r) => negatedAfter(normalizeJapanese(r)))).toEqual([true, true, true, true, true, true, false, false, false, false]);
  });
});

describe('demo character ミライ, paraphrases an operator added as hit words', () => {
  /** ミライ listening after her greeting; the block the engine leaves to for `text`. */
  function replyTo(text: string): string | undefined {
    const d = demo();
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    d.send({ type: 'videoTimeReached', slot: 'B', videoId: 'greet', ms: 4500 });
    d.say(text);
    const left = [...d.fire('hitWordDelay'), ...d.ended()].find((c) => c.startsWith('track:') || c.startsWith('preload:'));
    return left;
  }

  it('engine, さよなら／またね／じゃあね／おしまい at the greeting, leave for the wrap-up', () => {
    const replies = ['さよなら', 'またね', 'じゃあね', 'おしまい'].map(replyTo);

    expect(replies).toEqual(Array(4).fill('preload:B:summary'));
  });

  it('engine, 料理の話がしたい and 食べるものの話 at the greeting, reach the food topic; トラベル the travel topic', () => {
    const replies = ['料理の話がしたい', '食べるものの話', 'トラベル'].map(replyTo);

    expect(replies).toEqual(['preload:B:topic_food', 'preload:B:topic_food', 'preload:B:topic_travel']);
  });

  it('engine, 「京都じゃなくて北海道」 at the greeting, leaves for 北海道 (京都 is listed first)', () => {
    const reply = replyTo('京都じゃなくて北海道');

    expect(reply).toBe('preload:B:hokkaido');
  });
});
