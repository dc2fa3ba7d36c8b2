import { describe, expect, it } from 'vitest';
import { drive, scoreCharacter, searchCharacter, tinyBlock, tinyCharacter } from './test-fixtures.ts';

/**
 * One script per behaviour: inputs in order and the exact commands each one
 * produces (rendered by testing.ts; play/speech logs and subtitles, which
 * accompany every playVideo, are left out of these lists and checked in
 * the last test of scenarios.test.ts).
 */
describe('dialogue engine scenarios on small characters (search, SPJ, settings)', () => {
  it('engine, search result with a candidate, leaves to the best hit', () => {
    const d = drive(searchCharacter());
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('はい、そうです')).toEqual([
      'micOff',
      'text:final:はい、そうです',
      'search:r1:tiny-index:yes,no:はい、そうです',
    ]);
    expect(
      d.send({
        type: 'searchResult',
        requestId: 'r1',
        hits: [
          { block_id: 'no', score: 1 },
          { block_id: 'yes', score: 3 },
          { block_id: 'elsewhere', score: 9 },
        ],
      }),
    ).toEqual(['track:yes:はい、そうです', 'actionButtons:', 'play:B:yes']);
  });

  it('engine, empty search results, play spj_empty_videos spj_empty_count times then go to spj_empty_blocks', () => {
    const d = drive(searchCharacter());
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('うーん')).toEqual(['micOff', 'text:final:うーん', 'search:r1:tiny-index:yes,no:うーん']);
    expect(d.send({ type: 'searchResult', requestId: 'r1', hits: [] })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'play:B:empty1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('さあ')).toEqual(['micOff', 'text:final:さあ', 'search:r2:tiny-index:yes,no:さあ']);
    expect(d.send({ type: 'requestFailed', requestId: 'r2', message: 'search unavailable' })).toEqual([
      'log:error',
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'play:B:empty1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('ええと')).toEqual(['micOff', 'text:final:ええと', 'search:r3:tiny-index:yes,no:ええと']);
    expect(d.send({ type: 'searchResult', requestId: 'r3', hits: [] })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'track:fallback:ええと',
      'actionButtons:',
      'play:B:fallback',
    ]);
  });

  it('engine, SPJ score high, low then low again, accepts, plays the SPJ-out video, then goes to the SPJ-out block', () => {
    const d = drive(scoreCharacter());
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('こんにちは')).toEqual(['micOff', 'text:final:こんにちは', 'score:r1:greeting:こんにちは']);
    expect(d.send({ type: 'scoreResult', requestId: 'r1', score: 20 })).toEqual(['play:B:out']);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('やあ')).toEqual(['micOff', 'text:final:やあ', 'score:r2:greeting:やあ']);
    expect(d.send({ type: 'scoreResult', requestId: 'r2', score: 10 })).toEqual(['play:B:out']);
    expect(d.ended()).toEqual(['track:fallback:やあ', 'actionButtons:', 'play:A:fallback']);
  });

  it('engine, SPJ score good, goes to listen_next_block', () => {
    const d = drive(scoreCharacter());
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('こんにちは')).toEqual(['micOff', 'text:final:こんにちは', 'score:r1:greeting:こんにちは']);
    expect(d.send({ type: 'scoreResult', requestId: 'r9', score: 90 })).toEqual([]);
    expect(d.send({ type: 'scoreResult', requestId: 'r1', score: 90 })).toEqual([
      'track:yes:こんにちは',
      'actionButtons:',
      'play:B:yes',
    ]);
  });

  it('engine, empty SPJ score with spj_empty_end, ends the conversation', () => {
    const d = drive(scoreCharacter());
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('こんにちは')).toEqual(['micOff', 'text:final:こんにちは', 'score:r1:greeting:こんにちは']);
    expect(d.send({ type: 'scoreResult', requestId: 'r1', score: null })).toEqual([
      'log:error:EMPTY_SPJ_OR_SEARCH',
      'actionButtons:',
      'end:spjEmpty:300',
    ]);
  });

  it('engine, search not configured and listen video missing, logs the Japanese problems and keeps talking', () => {
    const d = drive(
      tinyCharacter(
        [
          tinyBlock('ask', {
            trigger_video_id: 'ask',
            listen_video_ids: ['gone'],
            valid_response_ids: ['yes'],
            invalid_max_count: 1,
            invalid_final_block: ['yes'],
          }),
          tinyBlock('yes', { trigger_video_id: 'yes' }),
        ],
        { use_web_speech_api: false },
      ),
    );
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'log:error:INVALID_GOOGLE_KEY',
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
    ]);
    expect(d.ended()).toEqual(['log:error:LISTEN_VIDEO_NOT_FOUND', 'play:A:standby:loop0', 'micOn:0']);
    expect(d.say('なに')).toEqual([
      'micOff',
      'text:final:なに',
      'log:error:INVALID_SPJ_OR_SEARCH',
      'track:yes:なに',
      'actionButtons:',
      'play:B:yes',
    ]);
  });

  it('engine, block mic_on_millisecond and the legacy hit_word list, delay the microphone and route to listen_next_block', () => {
    const d = drive(
      tinyCharacter([
        tinyBlock('ask', {
          trigger_video_id: 'ask',
          listen_video_ids: ['listen'],
          mic_on_millisecond: 700,
          hit_word: 'はい, うん',
          listen_next_block: ['yes'],
          silence_time_limit: 4,
          silence_count: 1,
          silence_final_blocks: ['no'],
        }),
        tinyBlock('yes', { trigger_video_id: 'yes' }),
        tinyBlock('no', { trigger_video_id: 'no' }),
      ]),
    );
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:700', 'timer:silence:4700']);
    expect(d.say('ウン！')).toEqual([
      'micOff',
      'cancel:silence',
      'text:final:ウン！',
      'track:yes:ウン！',
      'actionButtons:',
      'play:B:yes',
    ]);
  });

  it('engine, play_now block, leaves at once without hit_word_delay or skip video', () => {
    const d = drive(
      tinyCharacter(
        [
          tinyBlock('ask', {
            trigger_video_id: 'ask',
            listen_video_ids: ['listen'],
            play_now: true,
            skip_video_ids: ['fallback'],
            hit_words: [{ words: ['はい'], block_id: 'yes', slot: null }],
          }),
          tinyBlock('yes', { trigger_video_id: 'yes' }),
        ],
        { hit_word_delay: 500 },
      ),
    );
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('はい')).toEqual(['micOff', 'text:final:はい', 'track:yes:はい', 'actionButtons:', 'play:B:yes']);
  });

  it('engine, replacement_block_ids, a second entry converts to the first unplayed convert block', () => {
    const d = drive(
      tinyCharacter([
        tinyBlock('ask', {
          trigger_video_id: 'ask',
          listen_video_ids: ['listen'],
          play_again: false,
          replacement_block_ids: ['no'],
          valid_response: true,
          listen_next_block: ['ask'],
        }),
        tinyBlock('no', { trigger_video_id: 'no' }),
      ]),
    );
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:ask',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('もう一回')).toEqual([
      'micOff',
      'text:final:もう一回',
      'track:no:もう一回',
      'actionButtons:',
      'play:B:no',
    ]);
    expect(d.ended()).toEqual(['actionButtons:', 'end:completed:300']);
  });

  it('engine, random group count, limits all random draws of a run and goes to its final block', () => {
    const d = drive({
      ...tinyCharacter([
        tinyBlock('ask', {
          random_count: 5,
          random_end_block_id: 'no',
          listen_video_ids: ['listen'],
          force_blocks: ['ask'],
        }),
        tinyBlock('no', { trigger_video_id: 'no' }),
        tinyBlock('bye', { trigger_video_id: 'bye' }),
      ]),
      random: { count: 1, final_block_id: 'bye', trigger_videos: ['yes', 'fallback'], end_blocks: ['bye'] },
    });
    expect(d.send({ type: 'start', source: 'button', buttonId: 'go' })).toEqual([
      'startButtons:',
      'track:ask:',
      'actionButtons:',
      'play:B:fallback',
      'preload:A:listen',
    ]);
    expect(d.ended()).toEqual(['play:A:listen:loop0', 'micOn:0']);
    expect(d.say('つぎ')).toEqual(['micOff', 'text:final:つぎ', 'track:bye:つぎ', 'actionButtons:', 'play:B:bye']);
    expect(d.ended()).toEqual(['actionButtons:', 'end:completed:300']);
  });

  it('engine, a search answer arriving while paused, is applied on resume', () => {
    const d = drive(searchCharacter());
    d.send({ type: 'start', source: 'button', buttonId: 'go' });
    d.ended();
    d.say('はい');
    expect(d.send({ type: 'pause' })).toEqual(['pauseVideo']);
    expect(d.send({ type: 'searchResult', requestId: 'r1', hits: [{ block_id: 'yes', score: 2 }] })).toEqual([]);
    expect(d.send({ type: 'resume' })).toEqual(['resumeVideo', 'track:yes:はい', 'actionButtons:', 'play:B:yes']);
  });
});
