import { describe, expect, it } from 'vitest';
import { makeBlock } from '@talkwith/proto/dialogue';
import { hitWordDecision, literalMatcher, negatedAfter } from './hit-words.ts';
import { normalizeJapanese } from './normalize.ts';
import { demoCharacter } from '../demo/index.ts';
import { initialState } from './engine.ts';
import { Driver } from './testing.ts';

const travel = () =>
  makeBlock({
    id: 'ask',
    character_id: 'c',
    title: 'ask',
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
    const rests = [
      'じゃなくて',
      'ではなく',
      'いがい',
      '以外',
      'はいや',
      'は嫌',
      'がいい',
      'じゃなきゃ',
      'に行きたい',
      '',
    ];

    expect(rests.map((r) => negatedAfter(normalizeJapanese(r)))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('demo character ミライ, paraphrases are her synonyms (found on the server)', () => {
  /** ミライ listening after her greeting, understanding on or off; what the engine does with `text`. */
  function listening(understanding: boolean): Driver {
    const d = new Driver(initialState(demoCharacter, { seed: 1, understanding }));
    d.send({ type: 'ready' });
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    d.send({ type: 'videoTimeReached', slot: 'B', videoId: 'greet', ms: 4500 });
    return d;
  }

  it('engine, さよなら and 料理の話がしたい (synonyms, no hit word literally said), ask the server with understanding on', () => {
    const replies = ['さよなら', '料理の話がしたい'].map((text) => listening(true).say(text).at(-1));

    expect(replies).toEqual(['understand:r1:さよなら', 'understand:r1:料理の話がしたい']);
  });

  it("engine, the server's synonym match for 料理の話がしたい, leaves for the food topic", () => {
    const d = listening(true);
    d.say('料理の話がしたい');

    d.send({
      type: 'understandResult',
      requestId: 'r1',
      matches: [{ word: '食べ物', negated: false, via: 'synonym' }],
    });

    expect(d.fire('hitWordDelay')).toEqual(['play:A:skip', 'preload:B:topic_food']);
  });

  it('engine, 「京都じゃなくて北海道」 at the greeting, leaves for 北海道 (京都 is listed first)', () => {
    const d = listening(false);
    d.say('京都じゃなくて北海道');

    const left = [...d.fire('hitWordDelay'), ...d.ended()].find((c) => c.startsWith('preload:'));

    expect(left).toBe('preload:B:hokkaido');
  });
});
