import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nonFinitePath, rejectNonFinite } from './finite.ts';

describe('nonFinitePath', () => {
  it('nonFinitePath, Infinity deep in a parsed body, names its path', () => {
    expect(nonFinitePath({ setting: { hit_word_delay: Infinity }, list: [1, 2] })).toBe('setting.hit_word_delay');
  });

  it('nonFinitePath, finite numbers only, finds nothing', () => {
    expect(nonFinitePath({ a: 1, b: [0.5, -3], c: 'x', d: null })).toBeUndefined();
  });

  it('nonFinitePath, a proxied request\'s raw body stream (circular), is not walked', () => {
    const stream = new PassThrough();
    (stream as unknown as { self: unknown }).self = stream;

    expect(nonFinitePath(stream)).toBeUndefined();
    expect(nonFinitePath(Buffer.from([1, 2, 3]))).toBeUndefined();
  });

  it('rejectNonFinite, 1e309 in a query, refuses with 400 VALIDATION_FAILED naming the field', () => {
    expect(() => rejectNonFinite({ page: Number('1e309') })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'page' }));
  });
});
