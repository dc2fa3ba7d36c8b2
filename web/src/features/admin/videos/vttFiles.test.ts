import { describe, expect, it } from 'vitest';
import type { VideoEntry } from '@talkwith/proto/catalog';
import { matchVttFile, translateCueText } from './vttFiles.ts';

const clip = (id: string, title: string) =>
  ({ id, title, character_id: 'c1', subtitle_languages: [] }) as unknown as VideoEntry;
const videos = [clip('g', 'greet.mp4'), clip('b', 'Good bye.mp4')];

describe('matchVttFile', () => {
  it('a name with a language, matches the clip by title and takes that language', () => {
    expect(matchVttFile('greet.en-US.vtt', videos, 'ja-JP')).toMatchObject({
      ok: true,
      language: 'en-US',
      title: 'greet',
      video: { id: 'g' },
    });
    expect(matchVttFile('Good bye.zh-tw.VTT', videos, 'ja-JP')).toMatchObject({
      ok: true,
      language: 'zh-TW',
      video: { id: 'b' },
    });
  });

  it('a name without a language or with .mp4 left in, takes the chosen language', () => {
    expect(matchVttFile('greet.vtt', videos, 'fil-PH')).toMatchObject({
      ok: true,
      language: 'fil-PH',
      video: { id: 'g' },
    });
    expect(matchVttFile('greet.mp4.vtt', videos, 'ja-JP')).toMatchObject({
      ok: true,
      language: 'ja-JP',
      video: { id: 'g' },
    });
  });

  it('a name that is no clip or not a .vtt file, says why', () => {
    expect(matchVttFile('hello.ja-JP.vtt', videos, 'ja-JP')).toEqual({ ok: false, reason: 'noClip', title: 'hello' });
    expect(matchVttFile('greet.srt', videos, 'ja-JP')).toMatchObject({ ok: false, reason: 'notVtt' });
  });
});

describe('translateCueText', () => {
  it('a file with two cues, translates only their text lines and counts the ones left as they were', async () => {
    const vtt =
      'WEBVTT\n\nNOTE keep\n\n1\n00:00:00.000 --> 00:00:01.000\nこんにちは\n二行目\n\n00:00:01.000 --> 00:00:02.000\nさようなら\n';
    const known: Record<string, string> = { こんにちは: 'Hello', さようなら: 'Goodbye' };
    const draft = await translateCueText(vtt, async (line) => ({
      text: known[line] ?? line,
      available: line in known,
    }));
    expect(draft.vtt).toBe(
      'WEBVTT\n\nNOTE keep\n\n1\n00:00:00.000 --> 00:00:01.000\nHello\n二行目\n\n00:00:01.000 --> 00:00:02.000\nGoodbye\n',
    );
    expect(draft.untranslated).toBe(1);
  });
});
