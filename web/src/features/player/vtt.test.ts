import { describe, expect, it } from 'vitest';
import { cuesAt, parseVtt } from './vtt.ts';

const SAMPLE = `WEBVTT

NOTE a comment

1
00:00:00.150 --> 00:00:05.885 align:center
こんにちは！<b>私は</b>ミライ。

00:01:02.000 --> 01:00:03.500
second
line
`;

describe('vtt', () => {
  it('parseVtt, cues with ids, settings, notes and tags, returns times in seconds and plain text', () => {
    expect(parseVtt(SAMPLE)).toEqual([
      { start: 0.15, end: 5.885, text: 'こんにちは！私はミライ。' },
      { start: 62, end: 3603.5, text: 'second\nline' },
    ]);
  });

  it('parseVtt, header-only file (a silent clip), has no cues', () => {
    expect(parseVtt('WEBVTT\n')).toEqual([]);
  });

  it('cuesAt, before, inside and at the end of a cue, shows it only inside', () => {
    const cues = parseVtt(SAMPLE);
    expect(cuesAt(cues, 0.1)).toEqual([]);
    expect(cuesAt(cues, 3)).toEqual(['こんにちは！私はミライ。']);
    expect(cuesAt(cues, 5.885)).toEqual([]);
  });
});
