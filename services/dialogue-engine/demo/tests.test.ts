import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routeRecorder, routesOf } from '../src/route-coverage.ts';
import { playScript, type ScriptOptions } from '../src/script.ts';
import { matchPhrases, sharedUnderstanding, type Understanding } from '../understanding/index.ts';
import { demoBlocks, demoCharacter, demoTests } from './index.ts';

describe('demo character tests', () => {
  let understanding: Understanding;
  beforeAll(async () => {
    understanding = await sharedUnderstanding();
  }, 60_000);

  /** As the catalog plays them before a publish: literal first, then the server's understanding of the block's hit words. */
  const served = (): ScriptOptions => ({
    understand: (blockId, text) => {
      const block = demoBlocks.find((b) => b.id === blockId);
      return matchPhrases(
        understanding,
        block?.hit_words.flatMap((r) => r.words) ?? [],
        demoCharacter.synonyms ?? [],
        text,
      );
    },
  });

  it('playScript, every test ミライ ships with, passes on ミライ as shipped (matched as a customer is)', () => {
    const runs = demoTests.map((test) => ({
      name: test.name,
      steps: test.steps.length,
      results: playScript(demoCharacter, test.steps, served()),
    }));

    const failing = runs.filter((run) => run.results.length !== run.steps || run.results.some((r) => !r.passed));

    expect(failing).toEqual([]);
  });

  it("playScript, a test saying きょうと, passes only with the server's understanding (ミライ lists 京都 alone)", () => {
    const kyoto = demoTests.find((t) => t.steps.some((s) => s.input.kind === 'say' && s.input.text === 'きょうと'));

    const literal = playScript(demoCharacter, kyoto!.steps);
    const understood = playScript(demoCharacter, kyoto!.steps, served());

    expect(literal.every((r) => r.passed)).toBe(false);
    expect(understood.every((r) => r.passed)).toBe(true);
  });

  it('demoTests, the routes the engine took while they ran, take every route and ladder out of every block of ミライ', () => {
    const taken = new Set<string>();
    for (const test of demoTests) {
      const recorder = routeRecorder(demoCharacter);
      playScript(demoCharacter, test.steps, { ...served(), observe: recorder.observe });
      for (const key of recorder.taken) taken.add(key);
    }

    const untaken = routesOf(demoCharacter)
      .map(routeKey)
      .filter((key) => !taken.has(key));

    expect(untaken).toEqual([]);
  });
});
