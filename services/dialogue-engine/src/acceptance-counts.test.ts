import { describe, expect, it } from 'vitest';
import type { Block, Character, RandomGroup } from '@talkwith/proto/dialogue';
import { demo, drive, tinyBlock, tinyCharacter } from './test-fixtures.ts';

/**
 * Acceptance against SPEC.md §4 and the README's field table: when the
 * silence count resets, how long a used-up random block stays used up, and
 * which utterance the conversation tracker records after a ladder.
 */

const tracks = (commands: string[]) => commands.filter((c) => c.startsWith('track:'));

describe('silence count', () => {
  it('engine, a silence, an utterance (final result only), then a silence, plays the first silence video again', () => {
    const d = demo();
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_1']);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('ええと')).toEqual(['micOff', 'cancel:silence', 'text:final:ええと', 'play:B:invalid_1']);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);

    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_1']);
  });

  it('engine, the end of a silence video, keeps the count (the next silence plays the second video)', () => {
    const d = demo();
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    d.ended();
    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_1']);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);

    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_2']);
  });

  it("engine, a silence then a new block, counts the new block's silences from one", () => {
    const d = demo();
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    d.ended();
    d.fire('silence', 8000);
    d.ended();
    d.say('旅行');
    d.fire('hitWordDelay');
    expect(tracks(d.ended())).toEqual(['track:topic-travel:旅行']);
    expect(d.ended()).toEqual(['play:B:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);

    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:A:silence_1']);
  });

  it('engine, a silence then the action button that asks the question again, counts from one again', () => {
    const d = demo();
    d.send({ type: 'start', source: 'resume', blockId: 'topic-food' });
    d.ended();
    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_1']);
    d.ended();
    expect(d.send({ type: 'actionButton', buttonId: 'ab-again' })).toEqual([
      'log:other',
      'micOff',
      'cancel:silence',
      'play:B:topic_food',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);

    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_1']);
  });
});

/**
 * ask (random) ─anything─▶ hub ─other─▶ ask … ; hub ─おわり─▶ bye (a random end block) ─▶ ask.
 * `no` is where a used-up random block sends the user; it goes back to hub.
 */
function randomCharacter(ask: Partial<Block>, random: Partial<RandomGroup>): Character {
  return {
    ...tinyCharacter([
      tinyBlock('ask', { listen_video_ids: ['listen'], force_blocks: ['hub'], ...ask }),
      tinyBlock('hub', {
        trigger_video_id: 'yes',
        listen_video_ids: ['listen'],
        hit_words: [{ words: ['おわり'], block_id: 'bye', slot: null }],
        not_hitword_blocks: ['ask'],
      }),
      tinyBlock('no', { trigger_video_id: 'no', play_final_block: ['hub'] }),
      tinyBlock('bye', { trigger_video_id: 'bye', play_final_block: ['ask'] }),
    ]),
    random: { count: 0, final_block_id: null, trigger_videos: ['empty1', 'out'], end_blocks: ['bye'], ...random },
  };
}

/** From hub (listening): says something that is not a hit, so hub goes back to ask; returns the blocks entered. */
function backToAsk(d: ReturnType<typeof drive>, text: string): string[] {
  return tracks(d.say(text));
}

describe('random count', () => {
  it('engine, a random block used up (random_count), stays used up when entered again until an end block resets the run', () => {
    const d = drive(randomCharacter({ random_count: 1, random_end_block_id: 'no' }, {}));
    expect(tracks(d.send({ type: 'start', source: 'button', buttonId: 'go' }))).toEqual(['track:ask:']);
    d.ended();
    expect(tracks(d.say('つぎ'))).toEqual(['track:hub:つぎ']);
    d.ended();
    expect(backToAsk(d, 'もう一度')).toEqual(['track:no:もう一度']);
    expect(tracks(d.ended())).toEqual(['track:hub:']);
    d.ended();

    expect(backToAsk(d, 'もう一度')).toEqual(['track:no:もう一度']);
    expect(tracks(d.ended())).toEqual(['track:hub:']);
    d.ended();
    expect(tracks(d.say('おわり'))).toEqual(['track:bye:おわり']);
    expect(tracks(d.ended())).toEqual(['track:ask:']);
  });

  it('engine, the random group count used up, stays used up when a random block is entered again until an end block', () => {
    const d = drive(randomCharacter({ random_count: 5 }, { count: 1, final_block_id: 'no' }));
    expect(tracks(d.send({ type: 'start', source: 'button', buttonId: 'go' }))).toEqual(['track:ask:']);
    d.ended();
    d.say('つぎ');
    d.ended();
    expect(backToAsk(d, 'もう一度')).toEqual(['track:no:もう一度']);
    d.ended();
    d.ended();

    expect(backToAsk(d, 'もう一度')).toEqual(['track:no:もう一度']);
    d.ended();
    d.ended();
    d.say('おわり');
    expect(tracks(d.ended())).toEqual(['track:ask:']);
  });
});

describe('conversation tracker after a ladder', () => {
  it('engine, the invalid ladder ends in invalid_final_block, records the utterance that used it up', () => {
    const d = drive(
      tinyCharacter([
        tinyBlock('ask', {
          trigger_video_id: 'ask',
          listen_video_ids: ['listen'],
          invalid_max_count: 2,
          invalid_response_video_ids: ['no'],
          invalid_final_video_id: 'out',
          invalid_final_block: ['yes'],
        }),
        tinyBlock('yes', { trigger_video_id: 'yes' }),
      ]),
    );
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    expect(d.say('あの')).toEqual(['micOff', 'text:final:あの', 'play:B:no']);
    d.ended();
    expect(d.say('その')).toEqual(['micOff', 'text:final:その', 'play:B:out']);

    expect(d.ended()).toEqual(['track:yes:その', 'actionButtons:', 'play:A:yes']);
  });

  it('engine, an utterance then the silence ladder to silence_final_blocks, records no utterance (silence moved on)', () => {
    const d = demo();
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    d.ended();
    d.say('ええと');
    d.ended();
    d.fire('silence', 8000);
    d.ended();
    d.fire('silence', 8000);
    d.ended();

    expect(d.fire('silence', 8000)).toEqual(['micOff', 'track:silence-end:', 'actionButtons:', 'play:B:silence_final']);
  });

  it('engine, an utterance then an action button to another block, records no utterance (the button moved on)', () => {
    const d = demo();
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    d.ended();
    d.say('ええと');
    d.ended();

    expect(tracks(d.send({ type: 'actionButton', buttonId: 'ab-fortune' }))).toEqual(['track:fortune:']);
  });
});
