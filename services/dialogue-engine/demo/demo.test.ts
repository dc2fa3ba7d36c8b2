import { describe, expect, it } from 'vitest';
import { isCharacter } from '@talkwith/proto/dialogue';
import { demoCharacter } from './index.ts';

// Lives beside the demo, not in proto/: the contracts package depends on no other workspace.
describe('demo character', () => {
  it('isCharacter, the demo character and a copy with a broken block, accepts only the demo', () => {
    const broken = { ...demoCharacter, blocks: [{ id: 'x' }] };

    const verdicts = [isCharacter(demoCharacter), isCharacter(broken)];

    expect(verdicts).toEqual([true, false]);
  });
});
