import { describe, expect, it } from 'vitest';
import type { TestStep } from '@talkwith/proto/catalog';
import { blankStep, draftOf, moved, problemOf, stepOf } from './stepDraft.ts';

describe('stepDraft', () => {
  it('when a step goes through the editor unchanged, comes back as it was', () => {
    const steps: TestStep[] = [
      { input: { kind: 'start', button_id: null }, expect_block_id: 'greet' },
      { input: { kind: 'button', button_id: 'b1' }, expect_block_id: null },
      { input: { kind: 'start_at', block_id: 'x' }, expect_block_id: 'x' },
      { input: { kind: 'say', text: 'はい' }, expect_block_id: 'y' },
      { input: { kind: 'silence' }, expect_block_id: null },
    ];

    expect(steps.map((s) => stepOf(draftOf(s)))).toEqual(steps);
  });

  it("when the kind changes, sends only that kind's fields", () => {
    const draft = {
      ...draftOf({ input: { kind: 'say', text: 'はい' }, expect_block_id: 'a' }),
      kind: 'silence' as const,
    };

    expect(stepOf(draft)).toEqual({ input: { kind: 'silence' }, expect_block_id: 'a' });
  });

  it('when a say step is empty or a button step has no button, names the step', () => {
    expect(problemOf([blankStep(null)])).toEqual({ key: 'tests.edit.textRequired', step: 1 });
    expect(
      problemOf([
        { ...blankStep(null), kind: 'silence' },
        { ...blankStep(null), kind: 'button' },
      ]),
    ).toEqual({ key: 'tests.edit.buttonRequired', step: 2 });
    expect(problemOf([])).toEqual({ key: 'tests.edit.noSteps' });
  });

  it('when a step moves past an end, leaves the list as it is', () => {
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  });
});
