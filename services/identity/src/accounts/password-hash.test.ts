import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordHasher, legacyScryptHash, OWASP_ARGON2, type PasswordHasher } from './password-hash.ts';

const FAST = { memory: 64, passes: 1, parallelism: 1 };
let hasher: PasswordHasher | undefined;
afterEach(async () => {
  await hasher?.close();
  hasher = undefined;
});

describe('password hashing', () => {
  it('verify, the right password, true', async () => {
    hasher = createPasswordHasher(FAST);
    const stored = await hasher.hash('abcd1234');
    expect(await hasher.verify('abcd1234', stored)).toBe(true);
  });

  it('verify, a wrong password, false', async () => {
    hasher = createPasswordHasher(FAST);
    const stored = await hasher.hash('abcd1234');
    expect(await hasher.verify('abcd1235', stored)).toBe(false);
  });

  it('hash, same password twice, different salts and hashes', async () => {
    hasher = createPasswordHasher(FAST);
    const [a, b] = await Promise.all([hasher.hash('abcd1234'), hasher.hash('abcd1234')]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('abcd1234');
  });

  it('hash, OWASP parameters, an Argon2id PHC string recording them', async () => {
    hasher = createPasswordHasher(OWASP_ARGON2);
    const stored = await hasher.hash('abcd1234');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hasher.verify('abcd1234', stored)).toBe(true);
  });

  it('verify, an old scrypt hash, still verifies and needs a rehash', async () => {
    hasher = createPasswordHasher(FAST);
    const old = await legacyScryptHash('abcd1234', { cost: 2 ** 10, blockSize: 8, parallelization: 1 });
    expect(await hasher.verify('abcd1234', old)).toBe(true);
    expect(await hasher.verify('abcd1235', old)).toBe(false);
    expect(hasher.needsRehash(old)).toBe(true);
  });

  it('needsRehash, Argon2id weaker than policy, true; at policy, false', async () => {
    hasher = createPasswordHasher(FAST);
    const weak = await hasher.hash('abcd1234');
    const policy = createPasswordHasher(OWASP_ARGON2);
    expect(policy.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash(weak)).toBe(false);
    await policy.close();
  });

  it('verify, garbage stored value, false without throwing', async () => {
    hasher = createPasswordHasher(FAST);
    expect(await hasher.verify('abcd1234', 'not-a-hash')).toBe(false);
    expect(await hasher.verify('abcd1234', '$argon2id$v=19$m=64,t=1,p=1$c2FsdA$a2V5')).toBe(false);
  });
});

describe('password hash pool', () => {
  it('hash, queue full (1 worker, 2 waiting), the rest shed with 503 UNAVAILABLE and Retry-After', async () => {
    hasher = createPasswordHasher(OWASP_ARGON2, { workers: 1, maxQueue: 2 });
    const h = hasher;

    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => h.hash('abcd1234')));

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const shed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason);
    expect(shed).toHaveLength(7);
    for (const err of shed)
      expect(err).toMatchObject({ code: 'UNAVAILABLE', status: 503, expose: true, headers: { 'retry-after': '1' } });
  });

  it('hash, 20 OWASP hashes queued, a file write on the libuv threadpool completes at once', async () => {
    hasher = createPasswordHasher(OWASP_ARGON2, { workers: 2, maxQueue: 64 });
    const h = hasher;
    const dir = await mkdtemp(join(tmpdir(), 'hash-pool-'));
    try {
      const hashes = Promise.all(Array.from({ length: 20 }, () => h.hash('abcd1234')));
      // Four parallel writes: enough to need every thread of libuv's default pool of four.
      await Promise.all(Array.from({ length: 4 }, (_, i) => writeFile(join(dir, `f${i}`), 'x'.repeat(1024))));
      const stillQueued = h.pending();
      await hashes;

      // Measured in hashes, not milliseconds (a busy machine slows both alike): had the hashes held libuv's
      // threads, the writes would have finished only after most of them; they finish with nearly all still queued.
      expect(stillQueued).toBeGreaterThanOrEqual(15);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
