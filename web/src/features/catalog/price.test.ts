import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('formatPrice, zero, shows the free label', () => {
    expect(formatPrice(0, '無料')).toBe('無料');
  });

  it('formatPrice, a price in yen, shows ¥ with thousands separators', () => {
    expect(formatPrice(1200, '無料')).toBe('¥1,200');
    expect(formatPrice(1234567, 'Free')).toBe('¥1,234,567');
  });
});
