import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, nonFinitePath, rejectNonFinite } from './finite.ts';

describe('nonFinitePath', () => {
  it('nonFinitePath, Infinity deep in a parsed body, names its path', () => {
    expect(nonFinitePath({ setting: { hit_word_delay: Infinity }, list: [1, 2] })).toBe('setting.hit_word_delay');
  });

  it('nonFinitePath, finite numbers only, finds nothing', () => {
    expect(nonFinitePath({ a: 1, b: [0.5, -3], c: 'x', d: null })).toBeUndefined();
  });

  it("nonFinitePath, a proxied request's raw body stream (circular), is not walked", () => {
    const stream = new PassThrough();
    (stream as unknown as { self: unknown }).self = stream;

    expect(nonFinitePath(stream)).toBeUndefined();
    expect(nonFinitePath(Buffer.from([1, 2, 3]))).toBeUndefined();
  });

  it('rejectNonFinite, 1e309 in a query, refuses with 400 VALIDATION_FAILED naming the field', () => {
    expect(() => rejectNonFinite({ page: Number('1e309') })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'page' }),
    );
  });
});

describe('rejectNonFinite, nesting', () => {
  const nested = (depth: number): unknown => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

  it('rejectNonFinite, 20,000 nested objects, refuses with 400 instead of overflowing the stack', () => {
    const body = nested(20_000);

    expect(() => rejectNonFinite(body)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', status: 400 }));
  });

  it('rejectNonFinite, nesting at the limit, is accepted', () => {
    const body = nested(MAX_INPUT_DEPTH - 1);

    expect(() => rejectNonFinite(body)).not.toThrow();
  });

  it('rejectNonFinite, one level past the limit, names the start of the path it reached', () => {
    const body = nested(MAX_INPUT_DEPTH + 1);

    expect(() => rejectNonFinite(body)).toThrow(
      expect.objectContaining({ field: Array(MAX_INPUT_DEPTH).fill('a').join('.').slice(0, 64) }),
    );
  });
});
