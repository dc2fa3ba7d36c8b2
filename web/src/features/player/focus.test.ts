import { describe, expect, it } from 'vitest';
import { coverPositionFor, focusOfPixels } from './focus.ts';

/** A width×height RGBA frame of one background colour with a dark block (the figure) over the columns [from, to). */
function frame(width: number, height: number, from: number, to: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const figure = x >= from && x < to;
      data.set(figure ? [60, 40, 90, 255] : [236, 232, 248, 255], (y * width + x) * 4);
    }
  }
  return data;
}

describe('poster focus', () => {
  it('focusOfPixels, a figure standing in the left half (the demo characters), is about a quarter across', () => {
    expect(focusOfPixels(frame(48, 27, 2, 22), 48, 27)).toBe(25);
  });

  it('focusOfPixels, a figure in the middle, is the centre', () => {
    expect(focusOfPixels(frame(48, 27, 19, 29), 48, 27)).toBe(50);
  });

  it('focusOfPixels, a plain frame, falls back to the centre', () => {
    expect(focusOfPixels(frame(48, 27, 0, 0), 48, 27)).toBe(50);
  });
});

describe('cover position', () => {
  it('coverPositionFor, a figure a quarter across with 40 % of the width in view, puts the figure in the middle of the crop', () => {
    const position = coverPositionFor(25, 0.4);
    const left = (position / 100) * 60;
    expect(left + 20).toBeCloseTo(25, 0);
  });

  it('coverPositionFor, a figure at the very edge, keeps the crop inside the frame', () => {
    expect(coverPositionFor(5, 0.4)).toBe(0);
    expect(coverPositionFor(98, 0.4)).toBe(100);
  });
});
