import { describe, expect, it } from 'vitest';
import { READABLE_ALPHABET, readableNumbers } from './readable.ts';

const numbers = readableNumbers({ prefix: 'ZZ', collection: 'zz_numbers', exhausted: '番号を発行できませんでした。' });

describe('readableNumbers', () => {
  it('draw, any prefix, is PREFIX-YYMM- in Japan time and matches its own pattern', () => {
    const number = numbers.draw(new Date('2026-11-30T15:30:00Z'), 4, () => 0);

    expect(number).toBe('ZZ-2612-2222');
    expect(number).toMatch(numbers.pattern);
    expect('TW-2612-2222').not.toMatch(numbers.pattern);
  });

  it('draw, the whole alphabet, never draws the look-alikes 0, O, 1 or I', () => {
    let i = 0;

    const tail = numbers.draw(new Date(), READABLE_ALPHABET.length, () => i++).slice(8);

    expect(tail).toBe(READABLE_ALPHABET);
    expect(tail).not.toMatch(/[01OI]/);
  });
});
