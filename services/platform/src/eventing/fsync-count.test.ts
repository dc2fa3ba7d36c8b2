import { describe, expect, it } from 'vitest';
import { commitsPerSignup } from '../testing/signup-commits.ts';

// Issue 8: the old code (e51bf50) made about 16 fsync'd writes per user.registered
// with three consumers. Measured here: 3 (the sign-up's transaction, then the three
// deliveries and the three stored positions sharing group commits). The bound leaves
// a margin yet stays under 7, what one commit per transaction and per position would be.
const MAX_COMMITS_PER_SIGNUP = 6;

describe('eventing', () => {
  it('eventing, one sign-up with three consumers, commits (fsyncs) at most a few times until every group has handled it and stored its position', async () => {
    const { commits, handled } = await commitsPerSignup(1);
    expect(handled).toBe(3);
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThanOrEqual(MAX_COMMITS_PER_SIGNUP);
  });
});
