import { describe, expect, it } from 'vitest';
import { isValidPassword, passwordProblems } from './passwordRule.ts';

describe('passwordRule', () => {
  it.each([
    ['abcdefg1', []],
    ['a1' + 'x'.repeat(28), []],
    ['P@ss w0rd!~', []],
    ['abc123', ['length']],
    ['a1' + 'x'.repeat(29), ['length']],
    ['abcdefgh', ['letterDigit']],
    ['12345678', ['letterDigit']],
    ['パスワード1234a', ['charset']],
    ['abcdefg1\t', ['charset']],
    ['', ['length', 'letterDigit']],
  ])('passwordProblems, for %j, reports %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it('isValidPassword, on the 8 and 30 character boundaries, accepts both', () => {
    expect(isValidPassword('a1bcdefg')).toBe(true);
    expect(isValidPassword('a1'.repeat(15))).toBe(true);
    expect(isValidPassword('a1bcdef')).toBe(false);
  });
});
