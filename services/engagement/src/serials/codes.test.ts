import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, RANDOM_LENGTH, maskCode, newCodes, normaliseCode, printCode, randomPart } from './codes.ts';

const prefixes = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), maxLength: 8 });
const randomParts = fc.string({
  unit: fc.constantFrom(...CODE_ALPHABET),
  minLength: RANDOM_LENGTH,
  maxLength: RANDOM_LENGTH,
});

describe('serial codes', () => {
  it('randomPart, drawn many times, has 16 characters of the Crockford alphabet only', () => {
    for (let i = 0; i < 200; i++) expect(randomPart()).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('randomPart, 2,000 draws, are all different (80 random bits each)', () => {
    const drawn = new Set(Array.from({ length: 2000 }, randomPart));
    expect(drawn.size).toBe(2000);
  });

  it('randomPart, 20,000 characters, uses every letter of the alphabet about equally', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1250; i++) for (const ch of randomPart()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // Expected 625 each; a fair source lands far inside ±40 % (> 10 standard deviations).
    for (const n of counts.values()) expect(n).toBeGreaterThan(375);
  });

  it('newCodes, prefix with O, I and L, stores the prefix normalised and gives distinct codes', () => {
    const codes = newCodes('OIL7', 50);
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^0117[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('printCode, a prefix, groups the random part by four after the prefix', () => {
    expect(printCode('CD', 'CD7K3MQ9XZ04HTBV2N')).toBe('CD-7K3M-Q9XZ-04HT-BV2N');
  });

  it('printCode, no prefix, is four groups of four', () => {
    expect(printCode('', '7K3MQ9XZ04HTBV2N')).toBe('7K3M-Q9XZ-04HT-BV2N');
  });

  it('normaliseCode, typed in lower case with spaces, hyphens and look-alike letters, gives the stored code', () => {
    expect(normaliseCode(' cd-7k3m q9xz-o4ht-bv2n ')).toBe('CD7K3MQ9XZ04HTBV2N');
    expect(normaliseCode('il-Lo')).toBe('1110');
  });

  it('normaliseCode of printCode, any prefix and random part, is the stored code (property)', () => {
    fc.assert(
      fc.property(prefixes, randomParts, (prefix, random) => {
        const stored = normaliseCode(prefix) + random;
        expect(normaliseCode(printCode(prefix, stored))).toBe(stored);
      }),
      { numRuns: 2000 },
    );
  });

  it('normaliseCode of printCode, typed in lower case, is still the stored code (property)', () => {
    fc.assert(
      fc.property(prefixes, randomParts, (prefix, random) => {
        const stored = normaliseCode(prefix) + random;
        expect(normaliseCode(printCode(prefix, stored).toLowerCase())).toBe(stored);
      }),
      { numRuns: 500 },
    );
  });

  it('maskCode, a long code, shows only its last 3 characters after asterisks', () => {
    expect(maskCode('CD7K3MQ9XZ04HTBV2N')).toBe('***************V2N');
  });

  it('maskCode, 3 characters or fewer, is unchanged', () => {
    expect(maskCode('ABC')).toBe('ABC');
    expect(maskCode('AB')).toBe('AB');
    expect(maskCode('')).toBe('');
  });

  it('maskCode, 4 characters, masks the first one', () => {
    expect(maskCode('ABCD')).toBe('*BCD');
  });
});
