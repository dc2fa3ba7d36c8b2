import { describe, expect, it } from 'vitest';
import type { TestStep } from '@talkwith/proto/catalog';
import { demoCharacter } from '../demo/index.ts';
import { playScript } from './script.ts';
import { scoreCharacter, searchCharacter } from './test-fixtures.ts';

const talk: TestStep = { input: { kind: 'start', button_id: 'btn-talk' }, expect_block_id: 'greet' };
const say = (text: string, block: string | null): TestStep => ({
  input: { kind: 'say', text },
  expect_block_id: block,
});

describe('character test runner (playScript)', () => {
  it('playScript, a hit word after the greeting, passes each step with the blocks named by their titles', () => {
    const results = playScript(demoCharacter, [talk, say('旅行の話', 'topic-travel')]);

    expect(results).toEqual([
      {
        input: talk.input,
        input_title: '話す',
        expected: { id: 'greet', title: 'あいさつ・話題えらび' },
        reached: { id: 'greet', title: 'あいさつ・話題えらび' },
        passed: true,
      },
      {
        input: { kind: 'say', text: '旅行の話' },
        expected: { id: 'topic-travel', title: '旅行の話' },
        reached: { id: 'topic-travel', title: '旅行の話' },
        passed: true,
      },
    ]);
  });

  it('playScript, a step that reaches another block, fails it with both names and stops there', () => {
    const results = playScript(demoCharacter, [talk, say('旅行', 'topic-food'), say('京都', 'kyoto')]);

    expect(results).toHaveLength(2);
    expect(results[1]).toMatchObject({
      passed: false,
      expected: { title: '食べ物の話' },
      reached: { title: '旅行の話' },
    });
  });

  it('playScript, a button the current block does not show, fails the step with the reason in Japanese', () => {
    const results = playScript(demoCharacter, [
      talk,
      { input: { kind: 'button', button_id: 'ab-stop' }, expect_block_id: 'fortune' },
    ]);

    expect(results[1]).toMatchObject({
      passed: false,
      problem: 'ボタン「ab-stop」はこのブロックにありません。',
      reached: { id: 'greet' },
    });
  });

  it('playScript, an action button step, names the button by its title', () => {
    const results = playScript(demoCharacter, [
      talk,
      { input: { kind: 'button', button_id: 'ab-fortune' }, expect_block_id: 'fortune' },
    ]);

    expect(results[1]).toMatchObject({ passed: true, input_title: '占いをする' });
  });

  it('playScript, a test without a start step, starts from the default start button', () => {
    const results = playScript(demoCharacter, [say('ラーメン', 'food-reply')]);

    expect(results).toMatchObject([{ passed: true }]);
  });

  it('playScript, an end expected (null) and the conversation ending, passes', () => {
    const fortune: TestStep = { input: { kind: 'start', button_id: 'btn-fortune' }, expect_block_id: 'fortune' };

    const results = playScript(demoCharacter, [
      fortune,
      { input: { kind: 'button', button_id: 'ab-stop' }, expect_block_id: null },
    ]);

    expect(results.map((r) => [r.passed, r.reached])).toEqual([
      [true, { id: 'fortune', title: '占い' }],
      [true, null],
    ]);
  });

  it('playScript, a step a search block must answer and no answer port, is left unchecked (not failed) and the test stops there', () => {
    const go: TestStep = { input: { kind: 'start', button_id: 'go' }, expect_block_id: 'ask' };

    const results = playScript(searchCharacter(), [go, say('はい', 'yes'), say('はい', 'yes')]);

    expect(results).toHaveLength(2);
    expect(results[1]).toMatchObject({
      passed: false,
      unchecked: true,
      reached: null,
      problem: expect.stringContaining('サーバーの検索・SPJ'),
    });
  });

  it('playScript, an SPJ block with an answer port, routes by the score the port gives', () => {
    const go: TestStep = { input: { kind: 'start', button_id: 'go' }, expect_block_id: 'ask' };

    const results = playScript(scoreCharacter(), [go, say('こんにちは', 'yes')], {
      answer: (r) => ({ type: 'scoreResult', requestId: r.requestId, score: 90 }),
    });

    expect(results.map((r) => r.passed)).toEqual([true, true]);
  });

  it('playScript, the same test twice, gives the same results (seeded random blocks)', () => {
    const steps: TestStep[] = [
      { input: { kind: 'start', button_id: 'btn-fortune' }, expect_block_id: 'fortune' },
      say('もう一回', 'fortune'),
    ];

    expect(playScript(demoCharacter, steps)).toEqual(playScript(demoCharacter, steps));
  });
});
