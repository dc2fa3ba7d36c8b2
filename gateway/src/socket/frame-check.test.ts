import { describe, expect, it } from 'vitest';
import { parseFrame, scanFrame } from './frame-check.ts';

describe('socket frame check', () => {
  it('scanFrame, brackets and commas inside strings (escaped quotes too), are not counted', () => {
    const text = JSON.stringify({
      event: 'log',
      data: { type: 'error', message: '[[[[[[[[[[{{{{{{{{{{ ,,,,,,, \\" [[[[' },
    });

    expect(scanFrame(text, 3, 5)).toBeNull();
  });

  it('scanFrame, nesting one level past the bound, is refused as too deep', () => {
    expect(scanFrame('{"a":[[[1]]]}', 4, 100)).toBeNull();
    expect(scanFrame('{"a":[[[[1]]]]}', 4, 100)).toBe('too deep');
  });

  it('scanFrame, more values than the bound, is refused as too many values', () => {
    expect(scanFrame('[1,2,3]', 8, 3)).toBeNull();
    expect(scanFrame('[1,2,3,4]', 8, 3)).toBe('too many values');
  });

  it('parseFrame, a log frame whose extra holds a string where an object belongs, names the field', () => {
    expect(parseFrame('{"event":"log","data":{"type":"error","extra":"x"}}')).toBe('invalid frame at /data/extra');
    expect(parseFrame('{"event":"dance","data":{}}')).toBe('invalid frame at /event');
    expect(parseFrame('{"event":"log"')).toBe('frame is not JSON');
  });

  it('parseFrame, a valid log frame with nested details, is returned parsed', () => {
    const frame = {
      event: 'log',
      data: { type: 'error', message: 'm', extra: { device: { os: 'iOS', flags: [true, 1, null] } } },
    };

    expect(parseFrame(JSON.stringify(frame))).toEqual(frame);
  });
});

describe('socket frame scan, escapes', () => {
  it('scanFrame, a string ending in an escaped backslash then brackets outside it, counts those brackets', () => {
    expect(scanFrame('["a\\\\",[[[1]]]]', 3, 100)).toBe('too deep');
    expect(scanFrame('["a\\"[[[[",1]', 2, 100)).toBeNull();
  });
});
