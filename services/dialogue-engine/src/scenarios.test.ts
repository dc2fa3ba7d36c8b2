import { describe, expect, it } from 'vitest';
import { demoCharacter } from '../demo/index.ts';
import { initialState } from './engine.ts';
import { demo, searchCharacter } from './test-fixtures.ts';
import { Driver } from './testing.ts';

/**
 * One script per behaviour: inputs in order and the exact commands each one
 * produces (rendered by testing.ts; play/speech logs and subtitles, which
 * accompany every playVideo, are left out of these lists and checked in
 * the last test of scenarios.test.ts).
 */
describe('dialogue engine scenarios on the demo character', () => {
  it('engine, ready in standby, plays the standby loop and shows the start buttons', () => {
    const d = new Driver(initialState(demoCharacter, { seed: 1 }));
    expect(d.send({ type: 'ready' })).toEqual(['play:A:standby:loop0', 'startButtons:btn-talk,btn-fortune,btn-mic']);
    expect(d.state.rt.session.standby).toBe(true);
    expect(d.state.rt.session.startTalking).toBe(false);
    expect(d.state.rt.session.appState).toBe('paused');
  });

  it('engine, start button then trigger with mic_on_millisecond, opens the microphone during the question and listens after it', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.send({ type: 'videoTimeReached', slot: 'B', videoId: 'greet', ms: 4500 })).toEqual([
      'micOn:0',
      'timer:silence:8000',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3']);
    expect(d.state.rt.session.startTalking).toBe(true);
  });

  it('engine, hit word, waits hit_word_delay, plays the skip video, then the next block', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.send({ type: 'speechInterim', text: 'たべ' })).toEqual([
      'cancel:silence',
      'timer:recognition:15000',
      'play:B:nod_2',
      'text:interim:たべ',
    ]);
    expect(d.say('食べ物の話がいい')).toEqual([
      'micOff',
      'cancel:recognition',
      'text:final:食べ物の話がいい',
      'timer:hitWordDelay:300',
    ]);
    expect(d.fire('hitWordDelay')).toEqual(['play:A:skip', 'preload:B:topic_food']);
    expect(d.ended()).toEqual([
      'track:topic-food:食べ物の話がいい',
      'actionButtons:ab-again',
      'play:B:topic_food',
      'preload:A:listen_1',
    ]);
  });

  it('engine, hit word written in katakana and half width, matches after normalisation and fills the slot', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('ﾗｰﾒﾝ！')).toEqual([
      'micOff',
      'cancel:silence',
      'text:final:ﾗｰﾒﾝ！',
      'slot:food=ラーメン',
      'timer:hitWordDelay:300',
    ]);
  });

  it('engine, valid response without hit word, fills slot_name and goes to listen_next_block showing the previous speech', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'resume', blockId: 'topic-food' })).toEqual([
      'startButtons:',
      'track:topic-food:',
      'actionButtons:ab-again',
      'play:B:topic_food',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('お寿司')).toEqual([
      'micOff',
      'cancel:silence',
      'text:final:お寿司',
      'slot:food=お寿司',
      'timer:hitWordDelay:300',
    ]);
    expect(d.fire('hitWordDelay')).toEqual([
      'track:food-reply:お寿司',
      'actionButtons:',
      'previous:お寿司',
      'play:B:food_reply',
      'preload:A:summary',
    ]);
  });

  it('engine, resume of an unknown block, falls back to the default start button', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'resume', blockId: 'nope' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
  });

  it('engine, mic test start, enters for_mic_test and force_blocks moves on whatever is said', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'micTest' })).toEqual([
      'startButtons:',
      'track:mic-test:',
      'actionButtons:',
      'play:B:mic_test',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:10000']);
    expect(d.say('あいうえお')).toEqual([
      'micOff',
      'cancel:silence',
      'text:final:あいうえお',
      'timer:hitWordDelay:300',
    ]);
    // greet starts its own listen rotation at listen_1, which the hidden slot already holds.
    expect(d.fire('hitWordDelay')).toEqual([
      'track:greet:あいうえお',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
    ]);
  });

  it('engine, three invalid utterances, climb the invalid ladder to the final video and end', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('ええと')).toEqual(['micOff', 'cancel:silence', 'text:final:ええと', 'play:B:invalid_1']);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('わからない')).toEqual(['micOff', 'cancel:silence', 'text:final:わからない', 'play:B:invalid_2']);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('むり')).toEqual(['micOff', 'cancel:silence', 'text:final:むり', 'play:B:invalid_final']);
    expect(d.ended(1000)).toEqual(['actionButtons:', 'end:invalid:1600']);
  });

  it('engine, three silences, climb the silence ladder to silence_final_blocks and end', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_1']);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_2']);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.fire('silence', 8000)).toEqual(['micOff', 'track:silence-end:', 'actionButtons:', 'play:B:silence_final']);
    expect(d.ended()).toEqual(['actionButtons:', 'end:completed:24400']);
  });

  it('engine, speech after a silence, resets the silence count', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.fire('silence', 8000)).toEqual(['micOff', 'play:B:silence_1']);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.send({ type: 'speechInterim', text: 'え' })).toEqual([
      'cancel:silence',
      'timer:recognition:15000',
      'play:B:nod_2',
      'text:interim:え',
    ]);
    expect(d.state.rt.silenceCount).toBe(0);
  });

  it('engine, random fortune twice then again, draws two different videos then goes to the random end block', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-fortune' })).toEqual([
      'startButtons:',
      'track:fortune:',
      'actionButtons:ab-stop',
      'play:B:random_b',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('もう一回')).toEqual(['micOff', 'cancel:silence', 'text:final:もう一回', 'timer:hitWordDelay:300']);
    expect(d.fire('hitWordDelay')).toEqual(['track:fortune:もう一回', 'actionButtons:ab-stop', 'play:B:random_a']);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('もう一回')).toEqual(['micOff', 'cancel:silence', 'text:final:もう一回', 'timer:hitWordDelay:300']);
    expect(d.fire('hitWordDelay')).toEqual([
      'track:fortune-end:もう一回',
      'actionButtons:',
      'play:B:fortune_end',
      'preload:A:greet',
    ]);
    expect(d.ended()).toEqual([
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:A:greet@4500',
      'preload:B:listen_1',
    ]);
  });

  it('engine, not_hitword_blocks, an unmatched answer goes there instead of the invalid ladder', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'resume', blockId: 'topic-travel' })).toEqual([
      'startButtons:',
      'track:topic-travel:',
      'actionButtons:',
      'play:B:topic_travel',
      'preload:A:listen_2',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('沖縄')).toEqual(['micOff', 'cancel:silence', 'text:final:沖縄', 'timer:hitWordDelay:300']);
    expect(d.fire('hitWordDelay')).toEqual([
      'track:change-topic:沖縄',
      'actionButtons:',
      'play:B:spj_out',
      'preload:A:greet',
    ]);
    expect(d.ended()).toEqual([
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:A:greet@4500',
      'preload:B:listen_1',
    ]);
  });

  it('engine, replacement, an already played block with play_again false plays its replacement video', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('旅行かな')).toEqual(['micOff', 'cancel:silence', 'text:final:旅行かな', 'timer:hitWordDelay:300']);
    expect(d.fire('hitWordDelay')).toEqual(['play:B:skip', 'preload:A:topic_travel']);
    expect(d.ended()).toEqual([
      'track:topic-travel:旅行かな',
      'actionButtons:',
      'play:A:topic_travel',
      'preload:B:listen_2',
    ]);
    expect(d.ended()).toEqual(['play:B:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3']);
    expect(d.say('沖縄')).toEqual(['micOff', 'cancel:silence', 'text:final:沖縄', 'timer:hitWordDelay:300']);
    expect(d.fire('hitWordDelay')).toEqual([
      'track:change-topic:沖縄',
      'actionButtons:',
      'play:B:spj_out',
      'preload:A:greet',
    ]);
    expect(d.ended()).toEqual([
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:A:skip',
      'preload:B:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:B:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
  });

  it('engine, ready after the end, returns to standby for a new conversation', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.send({ type: 'stop' })).toEqual(['actionButtons:', 'end:stopped:100']);
    expect(d.say('京都')).toEqual([]);
    expect(d.send({ type: 'ready' })).toEqual(['play:A:standby:loop0', 'startButtons:btn-talk,btn-fortune,btn-mic']);
    expect(d.state.rt.session.standby).toBe(true);
  });

  it('engine, kikiwasure and summary, the wrap-up asks for the missing slot then shows the summary and ends on play_end', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'resume', blockId: 'topic-food' })).toEqual([
      'startButtons:',
      'track:topic-food:',
      'actionButtons:ab-again',
      'play:B:topic_food',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('ラーメン')).toEqual([
      'micOff',
      'cancel:silence',
      'text:final:ラーメン',
      'slot:food=ラーメン',
      'timer:hitWordDelay:300',
    ]);
    expect(d.fire('hitWordDelay')).toEqual([
      'track:food-reply:ラーメン',
      'actionButtons:',
      'previous:ラーメン',
      'play:B:food_reply',
      'preload:A:summary',
    ]);
    expect(d.ended()).toEqual(['track:topic-travel:', 'actionButtons:', 'play:A:topic_travel', 'preload:B:listen_2']);
    expect(d.ended()).toEqual(['play:B:listen_2:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.say('北海道')).toEqual([
      'micOff',
      'cancel:silence',
      'text:final:北海道',
      'slot:travel=北海道',
      'timer:hitWordDelay:300',
    ]);
    expect(d.fire('hitWordDelay')).toEqual([
      'track:hokkaido:北海道',
      'actionButtons:',
      'previous:北海道',
      'play:A:hokkaido',
      'preload:B:summary',
    ]);
    expect(d.ended()).toEqual([
      'track:wrap-up:',
      'actionButtons:',
      'summary:food=ラーメン,travel=北海道',
      'play:B:summary',
      'preload:A:goodbye',
    ]);
    expect(d.ended()).toEqual(['track:goodbye:', 'actionButtons:', 'play:A:goodbye']);
    expect(d.ended()).toEqual(['actionButtons:', 'end:completed:1000']);
  });

  it('engine, nod while speaking, plays one nod and returns to the listen loop', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.send({ type: 'speechInterim', text: 'えっと' })).toEqual([
      'cancel:silence',
      'timer:recognition:15000',
      'play:B:nod_2',
      'text:interim:えっと',
    ]);
    expect(d.send({ type: 'speechInterim', text: 'えっとね' })).toEqual(['text:interim:えっとね']);
    expect(d.ended()).toEqual(['play:A:listen_2:loop3']);
  });

  it('engine, max_recognition_time reached, takes the interim text as the utterance', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.send({ type: 'speechInterim', text: '旅行に行きたいなあ' })).toEqual([
      'cancel:silence',
      'timer:recognition:15000',
      'play:B:nod_2',
      'text:interim:旅行に行きたいなあ',
    ]);
    expect(d.fire('recognition', 15000)).toEqual(['micOff', 'text:final:旅行に行きたいなあ', 'timer:hitWordDelay:300']);
  });

  it('engine, listen loop with loop_count reached, rotates to the next video of the listen_video_prefix series', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.ended(3000)).toEqual(['play:B:listen_2:loop3']);
    expect(d.ended(3000)).toEqual(['play:A:listen_1:loop3']);
  });

  it('engine, action buttons during the trigger and while listening, queue or jump, play a video, or end', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.send({ type: 'actionButton', buttonId: 'ab-fortune' })).toEqual(['log:other']);
    expect(d.ended()).toEqual(['track:fortune:', 'actionButtons:ab-stop', 'play:A:random_b', 'preload:B:listen_1']);
    expect(d.ended()).toEqual(['play:B:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.send({ type: 'actionButton', buttonId: 'ab-stop' })).toEqual([
      'log:other',
      'micOff',
      'cancel:silence',
      'actionButtons:',
      'end:button:400',
    ]);
  });

  it('engine, action button of kind video, replays the question and listens again', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'resume', blockId: 'topic-food' })).toEqual([
      'startButtons:',
      'track:topic-food:',
      'actionButtons:ab-again',
      'play:B:topic_food',
      'preload:A:listen_1',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.send({ type: 'actionButton', buttonId: 'ab-again' })).toEqual([
      'log:other',
      'micOff',
      'cancel:silence',
      'play:B:topic_food',
    ]);
    expect(d.ended()).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
  });

  it('engine, pause and resume, re-arms the remaining silence time and bills only talking time', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' }, 1000)).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.ended(4000)).toEqual(['play:A:listen_1:loop3', 'micOn:0', 'timer:silence:8000']);
    expect(d.send({ type: 'pause' }, 3000)).toEqual(['cancel:silence', 'micOff', 'pauseVideo']);
    expect(d.send({ type: 'speechFinal', text: '京都' }, 100)).toEqual([]);
    expect(d.send({ type: 'resume' }, 60000)).toEqual(['resumeVideo', 'micOn:0', 'timer:silence:5000']);
    expect(d.send({ type: 'stop' }, 1000)).toEqual(['micOff', 'cancel:silence', 'actionButtons:', 'end:stopped:8000']);
  });

  it('engine, switch character, ends the conversation and shows the new standby', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' }, 1000)).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.send({ type: 'switchCharacter', character: searchCharacter() }, 2000)).toEqual([
      'actionButtons:',
      'end:switched:2000',
      'play:A:standby:loop0',
      'startButtons:go',
    ]);
    expect(d.state.character.id).toBe('tiny');
  });

  it('engine, stale inputs (old video end, idle timer, unknown result, speech with the mic closed), are ignored', () => {
    const d = demo();
    expect(d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' })).toEqual([
      'startButtons:',
      'track:greet:',
      'actionButtons:ab-fortune,ab-finish',
      'play:B:greet@4500',
      'preload:A:listen_1',
    ]);
    expect(d.send({ type: 'videoEnded', slot: 'A', videoId: 'standby' })).toEqual([]);
    expect(d.fire('silence')).toEqual([]);
    expect(d.send({ type: 'scoreResult', requestId: 'r7', score: 1 })).toEqual([]);
    expect(d.say('京都')).toEqual([]);
    expect(d.send({ type: 'actionButton', buttonId: 'nope' })).toEqual([]);
  });

  it('engine, every playVideo of a whole conversation, is followed by its subtitles and a play log', () => {
    const d = demo();
    d.send({ type: 'start', source: 'resume', blockId: 'topic-food' });
    for (const step of ['end', 'ラーメン', 'delay', 'end', 'end', 'end', '北海道', 'delay', 'end', 'end', 'end']) {
      if (step === 'end') d.ended();
      else if (step === 'delay') d.fire('hitWordDelay');
      else d.say(step);
    }
    const plays = d.all.flatMap((c, i) => (c.type === 'playVideo' ? [i] : []));
    expect(plays.length).toBeGreaterThan(5);
    for (const i of plays) {
      const play = d.all[i];
      expect(d.all[i + 1]).toMatchObject({
        type: 'showSubtitles',
        characterId: 'demo-mirai',
        videoId: play?.type === 'playVideo' ? play.videoId : '',
      });
      expect(d.all[i + 2]).toMatchObject({ type: 'log', category: 'play' });
    }
    expect(d.all.at(-1)).toMatchObject({ type: 'end', reason: 'completed' });
  });
});
