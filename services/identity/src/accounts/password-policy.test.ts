import { describe, expect, it } from 'vitest';
import { messages } from '../errors.ts';
import { passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it.each([
    ['abc1234', messages.passwordLength],
    ['a1'.repeat(15) + 'x', messages.passwordLength],
    ['パスワード1234abc', messages.passwordCharset],
    ['abcd\t1234', messages.passwordCharset],
    ['abcdefghij', messages.passwordLetterDigit],
    ['1234567890', messages.passwordLetterDigit],
  ])('passwordProblem, %j, rejected with its rule', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it.each(['abcd1234', 'a1'.repeat(15), 'P@ss w0rd!~'])('passwordProblem, valid %j, accepted', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});
