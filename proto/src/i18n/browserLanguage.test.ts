import { describe, expect, it } from 'vitest';
import { matchBrowserLanguage } from './index.ts';

describe('matchBrowserLanguage', () => {
  it.each([
    ['en-GB', 'en-US'],
    ['en', 'en-US'],
    ['EN-us', 'en-US'],
    ['ja', 'ja-JP'],
    ['fil', 'fil-PH'],
    ['tl-PH', 'fil-PH'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-CN', 'zh-TW'],
  ])('when the browser says %s, picks %s', (tag, expected) => {
    expect(matchBrowserLanguage([tag])).toBe(expected);
  });

  it('when several match, picks the browser’s first preference', () => {
    expect(matchBrowserLanguage(['fr-FR', 'zh-TW', 'en-US'])).toBe('zh-TW');
  });

  it('when none matches, gives undefined', () => {
    expect(matchBrowserLanguage(['de', 'ko-KR'])).toBeUndefined();
  });
});
