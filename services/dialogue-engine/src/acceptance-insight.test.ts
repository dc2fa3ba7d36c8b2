import { describe, expect, it } from 'vitest';
import type { Block } from '@talkwith/proto/dialogue';
import { drive, scoreCharacter, searchCharacter, tinyBlock, tinyCharacter } from './test-fixtures.ts';
import type { Driver } from './testing.ts';

/**
 * Acceptance for insight (issue 15): every tracked step says how its block
 * was entered (`via`), and a final utterance that went unanswered is reported
 * (`unmatched`) with the block it was said in. Read from all the commands of
 * a run, in order.
 */

const steps = (d: Driver) => d.all.flatMap((c) => (c.type === 'trackStep' ? [`${c.blockId}:${c.via ?? '-'}`] : []));
const unmatched = (d: Driver) =>
  d.all.flatMap((c) => (c.type === 'unmatched' ? [`${c.reason}:${c.blockId}:${c.text}`] : []));

const yes = tinyBlock('yes', { trigger_video_id: 'yes' });
const no = tinyBlock('no', { trigger_video_id: 'no' });
const fallback = tinyBlock('fallback', { trigger_video_id: 'fallback' });
const ask = (options: Partial<Block>) =>
  tinyBlock('ask', { trigger_video_id: 'ask', listen_video_ids: ['listen'], ...options });

/** Started with the start button and listening in `ask`. */
function listeningIn(blocks: Block[], settings: Record<string, unknown> = {}): Driver {
  const d = drive(tinyCharacter(blocks, settings));
  d.send({ type: 'start', source: 'button', buttonId: 'go' });
  d.ended();
  return d;
}

describe('trackStep.via: how a block was entered', () => {
  it('engine, the start button then a hit word, tracks start then hitWord', () => {
    const d = listeningIn([ask({ hit_words: [{ words: ['はい'], block_id: 'yes', slot: null }] }), yes]);

    d.say('はい');

    expect(steps(d)).toEqual(['ask:start', 'yes:hitWord']);
  });

  it('engine, a resume of a block, tracks resume', () => {
    const d = drive(tinyCharacter([ask({}), yes]));

    d.send({ type: 'start', source: 'resume', blockId: 'yes' });

    expect(steps(d)).toEqual(['yes:resume']);
  });

  it('engine, force_blocks, a valid response and not_hitword_blocks, track forced, valid and notHit', () => {
    const forced = listeningIn([ask({ force_blocks: ['yes'] }), yes]);
    const valid = listeningIn([ask({ valid_response: true, listen_next_block: ['yes'] }), yes]);
    const notHit = listeningIn([
      ask({ hit_words: [{ words: ['はい'], block_id: 'yes', slot: null }], not_hitword_blocks: ['no'] }),
      yes,
      no,
    ]);

    forced.say('なんでも');
    valid.say('なんでも');
    notHit.say('いいえ');

    expect([steps(forced), steps(valid), steps(notHit)]).toEqual([
      ['ask:start', 'yes:forced'],
      ['ask:start', 'yes:valid'],
      ['ask:start', 'no:notHit'],
    ]);
    expect([unmatched(forced), unmatched(valid), unmatched(notHit)]).toEqual([[], [], []]);
  });

  it('engine, the no-match ladder used up, reports each utterance as unmatched and tracks invalid', () => {
    const d = listeningIn([
      ask({ invalid_max_count: 2, invalid_video_id: 'no', invalid_final_block: ['fallback'] }),
      fallback,
    ]);

    d.say('ラーメン！');
    d.ended();
    d.say('らーめん');

    expect(unmatched(d)).toEqual(['invalid:ask:ラーメン！', 'invalid:ask:らーめん']);
    expect(steps(d)).toEqual(['ask:start', 'fallback:invalid']);
  });

  it('engine, the no-input ladder used up, tracks silence and reports nothing unmatched', () => {
    const d = listeningIn(
      [ask({ silence_time_limit: 8, silence_count: 1, silence_final_blocks: ['fallback'] }), fallback],
      { silence_enabled: true },
    );

    d.fire('silence', 8000);

    expect(steps(d)).toEqual(['ask:start', 'fallback:silence']);
    expect(unmatched(d)).toEqual([]);
  });

  it('engine, an action button to a block then a block without listening, tracks button then final', () => {
    const button = {
      id: 'ab',
      character_id: 'tiny',
      title: 'つぎ',
      kind: 'block' as const,
      block_id: 'yes',
      video_id: null,
    };
    const d = listeningIn([
      ask({ action_buttons: [button] }),
      tinyBlock('yes', { trigger_video_id: 'yes', play_final_block: ['no'] }),
      no,
    ]);

    d.send({ type: 'actionButton', buttonId: 'ab' });
    d.ended();

    expect(steps(d)).toEqual(['ask:start', 'yes:button', 'no:final']);
  });
});

describe('search and score results', () => {
  it('engine, a search hit, tracks search', () => {
    const d = drive(searchCharacter());
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('はい');

    d.send({ type: 'searchResult', requestId: 'r1', hits: [{ block_id: 'yes', score: 5 }] });

    expect(steps(d)).toEqual(['ask:start', 'yes:search']);
    expect(unmatched(d)).toEqual([]);
  });

  it('engine, empty search results then spj_empty_blocks, reports each as unmatched empty (once) and tracks empty', () => {
    const d = drive(searchCharacter());
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    for (const [n, text] of [
      [1, 'うーん'],
      [2, 'さあ'],
      [3, 'ええと'],
    ] as const) {
      d.say(text);
      d.send({ type: 'searchResult', requestId: `r${n}`, hits: [] });
      if (n < 3) d.ended();
    }

    expect(unmatched(d)).toEqual(['empty:ask:うーん', 'empty:ask:さあ', 'empty:ask:ええと']);
    expect(steps(d)).toEqual(['ask:start', 'fallback:empty']);
  });

  it('engine, a failed search request, reports nothing unmatched (the utterance was never judged)', () => {
    const d = drive(searchCharacter());
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('うーん');

    d.send({ type: 'requestFailed', requestId: 'r1', message: 'search unavailable' });

    expect(unmatched(d)).toEqual([]);
  });

  it('engine, a good SPJ score then (another run) low scores, tracks score, then spjOut', () => {
    const good = drive(scoreCharacter());
    const low = drive(scoreCharacter());
    for (const d of [good, low]) {
      d.send({ type: 'start', source: 'button', buttonId: 'go' });
      d.ended();
    }
    good.say('こんにちは');
    good.send({ type: 'scoreResult', requestId: 'r1', score: 80 });
    low.say('うーん');
    low.send({ type: 'scoreResult', requestId: 'r1', score: 10 });
    low.ended();
    low.say('ええと');
    low.send({ type: 'scoreResult', requestId: 'r2', score: 10 });
    low.ended();

    expect(steps(good)).toEqual(['ask:start', 'yes:score']);
    expect(steps(low)).toEqual(['ask:start', 'fallback:spjOut']);
  });

  it('engine, an empty SPJ score, reports the utterance as unmatched empty', () => {
    const d = drive(scoreCharacter());
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('  なにそれ  ');

    d.send({ type: 'scoreResult', requestId: 'r1', score: null });

    expect(unmatched(d)).toEqual(['empty:ask:なにそれ']);
  });
});

/** What each step and unmatched report said about how the utterance was matched (insight's confidence). */
const stepMatches = (d: Driver) =>
  d.all.flatMap((c) =>
    c.type === 'trackStep' && c.match
      ? [{ block: c.blockId, match: c.match, word: c.matchWord, synonym: c.matchSynonym, score: c.matchScore }]
      : [],
  );
const nearMisses = (d: Driver) =>
  d.all.flatMap((c) => (c.type === 'unmatched' ? [{ text: c.text, score: c.bestScore, block: c.nearestBlockId }] : []));

describe("trackStep and unmatched: with what an utterance matched (insight's confidence)", () => {
  it('engine, a literal hit word, tracks the hit word it matched and no score', () => {
    const d = listeningIn([ask({ hit_words: [{ words: ['うん', 'はい'], block_id: 'yes', slot: null }] }), yes]);

    d.say('はい、そうです');

    expect(stepMatches(d)).toEqual([
      { block: 'yes', match: 'surface', word: 'はい', synonym: undefined, score: undefined },
    ]);
  });

  it('engine, a search hit and (another run) a good SPJ score, track the score that carried them', () => {
    const search = drive(searchCharacter());
    const score = drive(scoreCharacter());
    for (const d of [search, score]) {
      d.send({ type: 'start', source: 'button', buttonId: 'go' });
      d.ended();
    }

    search.say('はい');
    search.send({ type: 'searchResult', requestId: 'r1', hits: [{ block_id: 'yes', score: 5.5 }] });
    score.say('こんにちは');
    score.send({ type: 'scoreResult', requestId: 'r1', score: 80 });

    expect(stepMatches(search)).toEqual([
      { block: 'yes', match: 'search', word: undefined, synonym: undefined, score: 5.5 },
    ]);
    expect(stepMatches(score)).toEqual([
      { block: 'yes', match: 'score', word: undefined, synonym: undefined, score: 80 },
    ]);
  });

  it('engine, search hits all at or under spj_empty_score, reports the best candidate hit as the near miss', () => {
    const d = drive(searchCharacter({ spj_empty_score: 2 }));
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('うーん');

    d.send({
      type: 'searchResult',
      requestId: 'r1',
      hits: [
        { block_id: 'fallback', score: 1.9 },
        { block_id: 'no', score: 0.4 },
        { block_id: 'yes', score: 1.5 },
      ],
    });

    expect(nearMisses(d)).toEqual([{ text: 'うーん', score: 1.5, block: 'yes' }]);
  });

  it('engine, no search hit and (another run) a low SPJ score, report no near block, the score only', () => {
    const search = drive(searchCharacter());
    const score = drive(scoreCharacter({ spj_out_video_id: null }));
    for (const d of [search, score]) {
      d.send({ type: 'start', source: 'button', buttonId: 'go' });
      d.ended();
    }

    search.say('うーん');
    search.send({ type: 'searchResult', requestId: 'r1', hits: [] });
    score.say('ええと');
    score.send({ type: 'scoreResult', requestId: 'r1', score: 10 });

    expect(nearMisses(search)).toEqual([{ text: 'うーん', score: undefined, block: undefined }]);
    expect(nearMisses(score)).toEqual([{ text: 'ええと', score: 10, block: undefined }]);
  });
});
