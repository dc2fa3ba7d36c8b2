import { describe, expect, it } from 'vitest';
import type { TestStep } from '@talkwith/proto/catalog';
import type { EngineCommandOf } from '@talkwith/proto/dialogue';
import { demoCharacter } from '../demo/index.ts';
import { routeKey, routeRecorder, routesOf } from './route-coverage.ts';
import { playScript } from './script.ts';
import { tinyBlock, tinyCharacter } from './test-fixtures.ts';

const talk: TestStep = { input: { kind: 'start', button_id: 'btn-talk' }, expect_block_id: 'greet' };
const say = (text: string, block: string | null): TestStep => ({
  input: { kind: 'say', text },
  expect_block_id: block,
});

/** The routes one script took on ミライ. */
function takenBy(steps: TestStep[]): string[] {
  const recorder = routeRecorder(demoCharacter);
  playScript(demoCharacter, steps, { observe: recorder.observe });
  return [...recorder.taken];
}

describe('route coverage', () => {
  it('routesOf, a block with a hit word, a silence ladder, an invalid ladder and buttons, lists each way out', () => {
    const ask = tinyBlock('ask', {
      hit_words: [{ words: ['はい'], block_id: 'yes', slot: null }],
      silence_count: 2,
      silence_final_blocks: ['bye'],
      invalid_max_count: 3,
      action_buttons: [
        { id: 'again', title: 'もう一度', kind: 'video', block_id: null, video_id: 'v' },
        { id: 'stop', title: 'おわる', kind: 'end', block_id: null, video_id: null },
      ],
    });
    const character = tinyCharacter([ask, tinyBlock('yes'), tinyBlock('bye')]);

    const routes = routesOf(character).map(routeKey);

    expect(routes).toEqual([
      'ask -hitWord-> yes',
      'ask -silence-> bye',
      'ask -end:invalid-> (end)',
      'ask -button:again-> ask',
      'ask -button:stop-> (end)',
    ]);
  });

  it('routeRecorder, a hit word to a まとめ block that asks a forgotten topic first, takes the route the word named', () => {
    // バイバイ names まとめ (wrap-up); with no slot filled the engine enters 食べ物の話 instead (kikiwasure).
    const taken = takenBy([talk, say('バイバイ', 'topic-food')]);

    expect(taken).toContain('greet -hitWord-> wrap-up');
    expect(taken).toContain('wrap-up -flow-> topic-food');
  });

  it('routeRecorder, a random block used up, takes both the repeat the user asked for and the random end', () => {
    const fortune: TestStep = { input: { kind: 'start', button_id: 'btn-fortune' }, expect_block_id: 'fortune' };

    const taken = takenBy([fortune, say('もう一回', 'fortune'), say('もう一回', 'fortune-end')]);

    expect(taken).toEqual(expect.arrayContaining(['fortune -hitWord-> fortune', 'fortune -random-> fortune-end']));
  });

  it('routeRecorder, a button that plays a clip, takes the button route that stays in its block', () => {
    const again: TestStep = { input: { kind: 'button', button_id: 'ab-again' }, expect_block_id: 'topic-food' };

    const taken = takenBy([talk, say('食べ物', 'topic-food'), again]);

    expect(taken).toContain('topic-food -button:ab-again-> topic-food');
  });

  it('trackStep, a redirect entering another block, names the route taken in `routed`', () => {
    const steps: EngineCommandOf<'trackStep'>[] = [];
    const observe = (_: unknown, commands: readonly { type: string }[]) =>
      steps.push(...commands.filter((c): c is EngineCommandOf<'trackStep'> => c.type === 'trackStep'));

    playScript(demoCharacter, [talk, say('バイバイ', 'topic-food')], { observe });

    expect(steps.at(-1)).toMatchObject({
      blockId: 'topic-food',
      via: 'flow',
      routed: { blockId: 'wrap-up', via: 'hitWord' },
    });
  });
});
