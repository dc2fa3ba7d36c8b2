import { describe, expect, it } from 'vitest';
import { playScript } from '../src/script.ts';
import { demoBlocks, demoCharacter, demoTests } from './index.ts';

describe('demo character tests', () => {
  it('playScript, every test ミライ ships with, passes on ミライ as shipped', () => {
    const runs = demoTests.map((test) => ({ name: test.name, steps: test.steps.length, results: playScript(demoCharacter, test.steps) }));

    const failing = runs.filter((run) => run.results.length !== run.steps || run.results.some((r) => !r.passed));

    expect(failing).toEqual([]);
  });

  it('demoTests, the blocks they expect, cover every block of ミライ but the goodbye and the summary the flow passes through', () => {
    const expected = new Set(demoTests.flatMap((t) => t.steps.map((s) => s.expect_block_id)));

    const missing = demoBlocks.map((b) => b.id).filter((id) => !expected.has(id));

    expect(missing.sort()).toEqual(['goodbye', 'wrap-up']);
  });
});
