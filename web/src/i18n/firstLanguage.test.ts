import { describe, expect, it } from 'vitest';
import { initialLanguage } from './firstLanguage.ts';
import { LANGUAGE_STORAGE_KEY } from './languages.ts';

const storageWith = (saved: string | null) => ({
  getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? saved : null),
});

describe('initialLanguage', () => {
  it('when a language was saved, uses it whatever the browser says', () => {
    expect(initialLanguage(storageWith('fil-PH'), ['en-US'])).toBe('fil-PH');
  });

  it('when nothing was saved, uses the first browser language the interface has', () => {
    expect(initialLanguage(storageWith(null), ['de-DE', 'en-US', 'ja-JP'])).toBe('en-US');
  });

  it('when the saved value is not a language, falls back to the browser languages', () => {
    expect(initialLanguage(storageWith('xx'), ['zh-TW'])).toBe('zh-TW');
  });

  it('when no browser language matches, uses ja-JP', () => {
    expect(initialLanguage(storageWith(null), ['de-DE', 'fr'])).toBe('ja-JP');
    expect(initialLanguage(storageWith(null), [])).toBe('ja-JP');
  });

  it('when storage throws, still goes by the browser languages', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(initialLanguage(blocked, ['en-GB'])).toBe('en-US');
  });
});
