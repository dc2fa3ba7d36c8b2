import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, OWASP_SCRYPT, verifyPassword } from './password-hash.ts';

const FAST = { cost: 2 ** 12, blockSize: 8, parallelization: 1 };

describe('password hashing', () => {
  it('verifyPassword, the right password, true', async () => {
    const stored = await hashPassword('abcd1234', FAST);
    expect(await verifyPassword('abcd1234', stored)).toBe(true);
  });

  it('verifyPassword, a wrong password, false', async () => {
    const stored = await hashPassword('abcd1234', FAST);
    expect(await verifyPassword('abcd1235', stored)).toBe(false);
  });

  it('hashPassword, same password twice, different salts and hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('abcd1234', FAST), hashPassword('abcd1234', FAST)]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('abcd1234');
  });

  it('hashPassword, OWASP parameters, recorded in the hash', async () => {
    const stored = await hashPassword('abcd1234', OWASP_SCRYPT);
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('abcd1234', stored)).toBe(true);
  });

  it('needsRehash, weaker stored cost than policy, true', async () => {
    const stored = await hashPassword('abcd1234', FAST);
    expect(needsRehash(stored, OWASP_SCRYPT)).toBe(true);
    expect(needsRehash(stored, FAST)).toBe(false);
  });

  it('verifyPassword, garbage stored value, false without throwing', async () => {
    expect(await verifyPassword('abcd1234', 'not-a-hash')).toBe(false);
  });
});
