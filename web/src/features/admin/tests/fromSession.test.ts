import { describe, expect, it } from 'vitest';
import type { EngineCommand } from '@talkwith/proto/dialogue';
import { stepsOfSession, type ObservedStep } from './fromSession.ts';

const track = (blockId: string): EngineCommand => ({
  type: 'trackStep',
  characterId: 'c',
  blockId,
  conversationId: null,
  utterance: '',
});
const play: EngineCommand = {
  type: 'playVideo',
  slot: 'A',
  videoId: 'v',
  title: 'v',
  path: 'videos/v.mp4',
  loop: false,
  loopCount: 0,
  notifyAtMs: null,
};

describe('simulator session as a test (stepsOfSession)', () => {
  it('stepsOfSession, a start, an utterance, a ladder silence and a button, expects the first block each entered or where it stayed', () => {
    const observed: ObservedStep[] = [
      { input: { type: 'ready' }, blockBefore: null, commands: [play] },
      {
        input: { type: 'start', source: 'button', buttonId: 'btn-talk' },
        blockBefore: null,
        commands: [track('greet'), play],
      },
      { input: { type: 'videoEnded', slot: 'A', videoId: 'v' }, blockBefore: 'greet', commands: [play] },
      { input: { type: 'speechFinal', text: ' 旅行 ' }, blockBefore: 'greet', commands: [{ type: 'micOff' }] },
      {
        input: { type: 'timerFired', timer: 'hitWordDelay' },
        blockBefore: 'greet',
        commands: [track('topic-travel'), play],
      },
      { input: { type: 'timerFired', timer: 'silence' }, blockBefore: 'topic-travel', commands: [play] },
      { input: { type: 'videoEnded', slot: 'A', videoId: 'v' }, blockBefore: 'topic-travel', commands: [play] },
      {
        input: { type: 'actionButton', buttonId: 'ab-stop' },
        blockBefore: 'topic-travel',
        commands: [{ type: 'end', reason: 'button', totalBilledTime: 0 }],
      },
    ];

    const steps = stepsOfSession(observed);

    expect(steps).toEqual([
      { input: { kind: 'start', button_id: 'btn-talk' }, expect_block_id: 'greet' },
      { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-travel' },
      { input: { kind: 'silence' }, expect_block_id: 'topic-travel' },
      { input: { kind: 'button', button_id: 'ab-stop' }, expect_block_id: null },
    ]);
  });

  it('stepsOfSession, a start from a chosen block and a stale silence timer, starts there and leaves the stale timer out', () => {
    const observed: ObservedStep[] = [
      {
        input: { type: 'start', source: 'resume', blockId: 'fortune' },
        blockBefore: null,
        commands: [track('fortune'), play],
      },
      { input: { type: 'timerFired', timer: 'silence' }, blockBefore: 'fortune', commands: [] },
    ];

    expect(stepsOfSession(observed)).toEqual([
      { input: { kind: 'start_at', block_id: 'fortune' }, expect_block_id: 'fortune' },
    ]);
  });
});
