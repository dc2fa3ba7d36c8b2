import { describe, expect, it } from 'vitest';
import type { Block } from '@talkwith/proto/dialogue';
import { drive, scoreCharacter, tinyBlock, tinyCharacter, withListenSeries } from './test-fixtures.ts';

/**
 * Acceptance against SPEC.md §3/§4 and the README's field table: the listen
 * video series and the empty-result ladder. Same style as scenarios.test.ts:
 * inputs in order and the exact commands each one produces.
 */

const plays = (commands: string[]) => commands.filter((c) => c.startsWith('play:')).map((c) => c.split(':')[2]);
const yes = tinyBlock('yes', { trigger_video_id: 'yes' });
const listening = (options: Partial<Block> = {}) =>
  tinyBlock('ask', { trigger_video_id: 'ask', valid_response: true, listen_next_block: ['yes'], ...options });
/** lv_1 … lv_10, listed out of order (and so that string order would put lv_10 second). */
const SCRAMBLED = [10, 2, 1, 9, 3, 8, 4, 7, 5, 6];

describe('listen video series (listen_video_prefix + listen_video_number)', () => {
  it('engine, a prefix series numbered 1 to 10, plays it in numeric order and starts again at 1', () => {
    const d = drive(withListenSeries(tinyCharacter([listening(), yes]), SCRAMBLED));
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:lv_1',
    ]);
    expect(d.ended()).toEqual(['play:A:lv_1:loop1', 'micOn:0']);

    const rotation = Array.from({ length: 10 }, () => plays(d.ended())).flat();

    expect(rotation).toEqual(['lv_2', 'lv_3', 'lv_4', 'lv_5', 'lv_6', 'lv_7', 'lv_8', 'lv_9', 'lv_10', 'lv_1']);
  });

  it('engine, listen_video_number 3, uses the first three of the series by number', () => {
    const d = drive(withListenSeries(tinyCharacter([listening({ listen_video_number: 3 }), yes]), SCRAMBLED));
    d.send({ type: 'start', source: 'button', buttonId: 'go' });

    const rotation = Array.from({ length: 4 }, () => plays(d.ended())).flat();

    expect(rotation).toEqual(['lv_1', 'lv_2', 'lv_3', 'lv_1']);
  });

  it('engine, a new block entered mid-rotation, starts its listen rotation at its first listen video', () => {
    const ask = listening({
      valid_response: false,
      listen_next_block: [],
      hit_words: [{ words: ['つぎ'], block_id: 'next', slot: null }],
    });
    const next = tinyBlock('next', { trigger_video_id: 'yes', valid_response: true, listen_next_block: ['no'] });
    const d = drive(
      withListenSeries(tinyCharacter([ask, next, tinyBlock('no', { trigger_video_id: 'no' })]), [3, 1, 2]),
    );
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    expect(d.ended()).toEqual(['play:A:lv_1:loop1', 'micOn:0']);
    expect(d.ended()).toEqual(['play:B:lv_2:loop1']);

    expect(d.say('つぎ')).toEqual([
      'micOff',
      'text:final:つぎ',
      'track:next:つぎ',
      'actionButtons:',
      'play:A:yes',
      'preload:B:lv_1',
    ]);
    expect(d.ended()).toEqual(['play:B:lv_1:loop1', 'micOn:0']);
  });
});

function emptyLadder(options: Partial<Block>) {
  return tinyCharacter(
    [
      tinyBlock('ask', {
        trigger_video_id: 'ask',
        listen_video_ids: ['listen'],
        valid_response_ids: ['yes', 'no'],
        spj_empty_blocks: ['fallback'],
        ...options,
      }),
      yes,
      tinyBlock('no', { trigger_video_id: 'no' }),
      tinyBlock('fallback', { trigger_video_id: 'fallback', play_final_block: ['ask'] }),
    ],
    { es_index_name: 'tiny-index' },
  );
}

describe('empty-result ladder (spj_empty_count, spj_empty_videos, spj_empty_blocks, spj_empty_end)', () => {
  it('engine, spj_empty_count 3, tolerates three empty results (1st, 2nd, then the last video again) and the 4th goes to spj_empty_blocks', () => {
    const d = drive(emptyLadder({ spj_empty_count: 3, spj_empty_videos: ['empty1', 'out'] }));
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    for (const [n, text, clip] of [
      [1, 'うーん', 'empty1'],
      [2, 'さあ', 'out'],
      [3, 'ええと', 'out'],
    ] as const) {
      expect(d.say(text)).toEqual(['micOff', `text:final:${text}`, `search:r${n}:tiny-index:yes,no:${text}`]);
      expect(d.send({ type: 'searchResult', requestId: `r${n}`, hits: [] })).toEqual([
        'log:error:EMPTY_SPJ_OR_SEARCH',
        `play:B:${clip}`,
      ]);
      expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    }

    expect(d.say('なに')).toEqual(['micOff', 'text:final:なに', 'search:r4:tiny-index:yes,no:なに']);
    expect(d.send({ type: 'searchResult', requestId: 'r4', hits: [{ block_id: 'yes', score: 0 }] })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'track:fallback:なに',
      'actionButtons:',
      'play:B:fallback',
      'preload:A:ask',
    ]);
  });

  it('engine, spj_empty_count 0, sends the first empty result straight to spj_empty_blocks', () => {
    const d = drive(emptyLadder({ spj_empty_count: 0, spj_empty_videos: ['empty1'] }));
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('うーん');

    expect(d.send({ type: 'requestFailed', requestId: 'r1', message: 'search unavailable' })).toEqual([
      'log:error',
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'track:fallback:うーん',
      'actionButtons:',
      'play:B:fallback',
      'preload:A:ask',
    ]);
  });

  it('engine, the block entered again after its ladder was used up, counts its empty results afresh', () => {
    const d = drive(emptyLadder({ spj_empty_count: 1, spj_empty_videos: ['empty1'] }));
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('うーん');
    expect(d.send({ type: 'searchResult', requestId: 'r1', hits: [] })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'play:B:empty1',
    ]);
    d.ended();
    d.say('さあ');
    expect(d.send({ type: 'searchResult', requestId: 'r2', hits: [] })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'track:fallback:さあ',
      'actionButtons:',
      'play:B:fallback',
      'preload:A:ask',
    ]);
    expect(d.ended()).toEqual(['track:ask:', 'actionButtons:', 'play:A:ask', 'preload:B:listen']);
    expect(d.ended()).toEqual(['play:B:listen:loop0', 'micOn:0']);
    d.say('ええと');

    expect(d.send({ type: 'searchResult', requestId: 'r3', hits: [] })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'play:A:empty1',
    ]);
    expect(d.state.rt.session.blockSpjEmptyCount).toBe(1);
  });

  it('engine, empty SPJ scores with spj_empty_count 1 and spj_empty_end, plays the empty video once then ends', () => {
    const d = drive(scoreCharacter({ spj_empty_count: 1, spj_empty_videos: ['empty1'] }));
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('こんにちは');
    expect(d.send({ type: 'scoreResult', requestId: 'r1', score: null })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'play:B:empty1',
    ]);
    d.ended();
    d.say('やあ');

    expect(d.send({ type: 'scoreResult', requestId: 'r2', score: 0 })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'actionButtons:',
      'end:spjEmpty:600',
    ]);
  });
});
