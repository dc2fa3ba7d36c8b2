import { describe, expect, it } from 'vitest';
import { serialProblem, typedSerial } from './serialCode.ts';

describe('serialCode', () => {
  it('typedSerial, full-width letters, digits and a long dash, become half-width upper case with a hyphen', () => {
    expect(typedSerial('ａｂｃ１ー２３x')).toBe('ABC1-23X');
  });

  it('serialProblem, empty or only separators, is required', () => {
    expect(serialProblem('')).toBe('required');
    expect(serialProblem(' - - ')).toBe('required');
  });

  it('serialProblem, other characters or too long, is invalid', () => {
    expect(serialProblem('ABCD/EFGH')).toBe('invalid');
    expect(serialProblem('シリアル')).toBe('invalid');
    expect(serialProblem('A'.repeat(65))).toBe('invalid');
  });

  it('serialProblem, a grouped code with spaces around, is fine', () => {
    expect(serialProblem('  TW01-ABCD EFGH-2345  ')).toBeNull();
  });
});
