import { describe, expect, it } from 'vitest';
import { formatTimestamp, formatVtt, parseVtt } from './vtt.ts';

describe('vtt', () => {
  it('formatTimestamp, over an hour, pads every field', () => {
    expect(formatTimestamp(3723.0456)).toBe('01:02:03.046');
  });

  it('formatVtt then parseVtt, with two cues, round-trips', () => {
    const cues = [
      { start: 0.15, end: 1.5, text: 'こんにちは' },
      { start: 2, end: 3.25, text: 'Hello\nthere' },
    ];

    expect(parseVtt(formatVtt(cues))).toEqual(cues);
  });

  it('formatVtt, with no cues, gives a header-only file that parses to nothing', () => {
    expect(formatVtt([])).toBe('WEBVTT\n');
    expect(parseVtt(formatVtt([]))).toEqual([]);
  });

  it('parseVtt, with short timestamps, settings and a NOTE block, reads the cue', () => {
    const text = 'WEBVTT - demo\r\n\r\nNOTE made by hand\r\n\r\n00:01.000 --> 00:02.500 line:90%\r\nhi\r\n';

    expect(parseVtt(text)).toEqual([{ start: 1, end: 2.5, text: 'hi' }]);
  });

  it.each([
    ['no header', '1\n00:00:00.000 --> 00:00:01.000\nhi\n'],
    ['a malformed timing line', 'WEBVTT\n\n00:00:00,000 --> 00:00:01,000\nhi\n'],
    ['a cue ending before it starts', 'WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nhi\n'],
  ])('parseVtt, given %s, throws', (_, text) => {
    expect(() => parseVtt(text)).toThrow();
  });
});
