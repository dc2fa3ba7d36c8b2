import { render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from './i18n.ts';
import { addDictionaryPart, dictionaryPart, useDictionaryPart } from './parts.ts';

const greetings = dictionaryPart(
  { nav: { greeting: 'こんにちは' } },
  { nav: { greeting: 'Hello' } },
  { nav: { greeting: 'Kumusta' } },
  { nav: { greeting: '你好' } },
);

function Greeting() {
  useDictionaryPart(greetings);
  const { t } = useTranslation();
  return <p>{t('nav.greeting')}</p>;
}

describe('dictionary parts', () => {
  it('addDictionaryPart, into a key the entry also has, deep-merges and keeps the entry texts', async () => {
    const i18n = await createI18n('ja-JP');

    addDictionaryPart(i18n, greetings);

    expect(i18n.t('nav.greeting')).toBe('こんにちは');
    expect(i18n.t('nav.login')).toBe('ログイン');
  });

  it('switchLanguage, after a part already added that language, still loads the entry dictionary of it', async () => {
    const i18n = await createI18n('ja-JP');
    addDictionaryPart(i18n, greetings);

    await switchLanguage(i18n, 'en-US');

    expect(i18n.t('nav.login')).toBe('Log in');
    expect(i18n.t('nav.greeting')).toBe('Hello');
  });

  it('useDictionaryPart, on the first render of a component, shows its text and never the key', async () => {
    const i18n = await createI18n('zh-TW');

    render(
      <I18nextProvider i18n={i18n}>
        <Greeting />
      </I18nextProvider>,
    );

    expect(screen.getByText('你好')).toBeTruthy();
    expect(screen.queryByText('nav.greeting')).toBeNull();
  });
});
