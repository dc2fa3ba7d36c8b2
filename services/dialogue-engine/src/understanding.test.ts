import { describe, expect, it } from 'vitest';
import { demoCharacter } from '../demo/index.ts';
import { initialState } from './engine.ts';
import { Driver } from './testing.ts';

/** ミライ listening after her greeting, with understanding on the server switched on or off. */
function listening(understanding: boolean): Driver {
  const d = new Driver(initialState(demoCharacter, { seed: 1, understanding }));
  d.send({ type: 'ready' });
  d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
  d.send({ type: 'videoTimeReached', slot: 'B', videoId: 'greet', ms: 4500 });
  return d;
}

describe('engine, hit words the player cannot find literally, asked of the server', () => {
  it('engine, 「御飯」 with understanding on, asks the server and leaves for the food topic on its reading match', () => {
    const d = listening(true);

    const asked = d.say('御飯');
    const answered = d.send({
      type: 'understandResult',
      requestId: 'r1',
      matches: [{ word: 'ごはん', negated: false, via: 'reading' }],
    });

    expect(asked).toEqual(['micOff', 'cancel:silence', 'text:final:御飯', 'understand:r1:御飯']);
    expect(answered).toEqual(['timer:hitWordDelay:300']);
    expect(d.fire('hitWordDelay')).toEqual(['play:A:skip', 'preload:B:topic_food']);
  });

  it('engine, a literal hit with understanding on, leaves at once without asking the server', () => {
    const d = listening(true);

    expect(d.say('ラーメン')).toEqual([
      'micOff',
      'cancel:silence',
      'text:final:ラーメン',
      'slot:food=ラーメン',
      'timer:hitWordDelay:300',
    ]);
  });

  it('engine, the server finding nothing or failing, runs the no-match ladder as a literal miss would', () => {
    const empty = listening(true);
    const failed = listening(true);
    const literal = listening(false);

    empty.say('ええと');
    failed.say('ええと');
    const afterEmpty = empty.send({ type: 'understandResult', requestId: 'r1', matches: [] });
    const afterFailure = failed.send({ type: 'requestFailed', requestId: 'r1', message: 'offline' });
    const direct = literal.say('ええと');

    expect(direct).toEqual(['micOff', 'cancel:silence', 'text:final:ええと', 'play:A:invalid_1']);
    expect(afterEmpty).toEqual(['play:A:invalid_1']);
    expect(afterFailure).toEqual(['log:error', 'play:A:invalid_1']);
  });

  it('engine, only a negated match from the server, takes no route', () => {
    const d = listening(true);

    d.say('京都はいやかも');
    const answered = d.send({
      type: 'understandResult',
      requestId: 'r1',
      matches: [{ word: '京都', negated: true, via: 'surface' }],
    });

    expect(answered).toEqual(['play:A:invalid_1']);
  });
});

/** The trackStep commands the driver saw, as [block, utterance, match]. */
const tracked = (d: Driver) =>
  d.all.flatMap((c) => (c.type === 'trackStep' ? [[c.blockId, c.utterance, c.match ?? null]] : []));

describe("engine, how the utterance that led into a block was understood (trackStep.match, insight's confidence)", () => {
  it('engine, a literal hit word, tracks the next block with match surface', () => {
    const d = listening(true);

    d.say('ラーメン');
    d.fire('hitWordDelay');
    d.ended();

    expect(tracked(d).at(-1)).toEqual(['food-reply', 'ラーメン', 'surface']);
  });

  it("engine, the server's synonym match, tracks the block it led to with match synonym, and the start step with none", () => {
    const d = listening(true);

    d.say('お腹すいた');
    d.send({
      type: 'understandResult',
      requestId: 'r1',
      matches: [{ word: '食べ物', negated: false, via: 'synonym' }],
    });
    d.fire('hitWordDelay');
    d.ended();

    expect(tracked(d)).toEqual([
      ['greet', '', null],
      ['topic-food', 'お腹すいた', 'synonym'],
    ]);
  });

  it("engine, the server's synonym match naming the synonym said, tracks the hit word and that synonym", () => {
    const d = listening(true);

    d.say('お腹すいた');
    d.send({
      type: 'understandResult',
      requestId: 'r1',
      matches: [{ word: '食べ物', negated: false, via: 'synonym', synonym: 'お腹すいた' }],
    });
    d.fire('hitWordDelay');
    d.ended();

    const step = d.all.findLast((c) => c.type === 'trackStep');
    expect(step).toMatchObject({
      blockId: 'topic-food',
      match: 'synonym',
      matchWord: '食べ物',
      matchSynonym: 'お腹すいた',
    });
  });
});
