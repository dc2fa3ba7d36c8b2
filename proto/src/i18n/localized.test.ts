import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { localized } from './index.ts';
import { translationsOf } from '../identity/localized.ts';

describe('localized', () => {
  it('when the language has a translation, returns it', () => {
    expect(localized('トークチケット 1枚', { 'en-US': '1 talk ticket' }, 'en-US')).toBe('1 talk ticket');
  });

  it('when the language has none, or an empty one, returns the Japanese', () => {
    expect(localized('500ポイント', { 'en-US': '500 points' }, 'zh-TW')).toBe('500ポイント');
    expect(localized('500ポイント', { 'zh-TW': '  ' }, 'zh-TW')).toBe('500ポイント');
    expect(localized('500ポイント', undefined, 'fil-PH')).toBe('500ポイント');
  });

  it('when the language is Japanese or unknown, returns the Japanese', () => {
    expect(localized('みらい', { 'en-US': 'Mirai' }, 'ja-JP')).toBe('みらい');
    expect(localized('みらい', { 'en-US': 'Mirai' }, 'ko')).toBe('みらい');
  });
});

describe('translationsOf', () => {
  it('when a language is not an interface language or a text is too long, rejects it', () => {
    const schema = translationsOf(10);
    expect(Value.Check(schema, { 'en-US': 'Mirai', 'zh-TW': '未來' })).toBe(true);
    expect(Value.Check(schema, { ko: '미라이' })).toBe(false);
    expect(Value.Check(schema, { 'en-US': 'x'.repeat(11) })).toBe(false);
  });
});
