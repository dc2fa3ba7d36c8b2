import { describe, expect, it } from 'vitest';
import { senderOf } from './submit.ts';

describe('contact sender', () => {
  it('senderOf, logged out, lower-cases and trims the address so case variants share one counter', () => {
    expect(senderOf(null, ' User@Example.COM ')).toBe(senderOf(null, 'user@example.com'));
  });

  it('senderOf, logged in, counts the account whatever address the form names', () => {
    expect(senderOf('u1', 'a@example.com')).toBe(senderOf('u1', 'b@example.com'));
    expect(senderOf('u1', 'a@example.com')).not.toBe(senderOf(null, 'a@example.com'));
  });
});
