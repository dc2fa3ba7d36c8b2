import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { LANGUAGES } from '../../i18n/languages.ts';
import Faq, { FAQ_IDS } from './Faq.tsx';
import MicManual from './MicManual.tsx';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

const helpTexts = { 'ja-JP': jaJP, 'en-US': enUS, 'fil-PH': filPH, 'zh-TW': zhTW };

describe('help pages in every interface language', () => {
  it('when the FAQ is opened in en-US, every question, the contact section and the links read in English', async () => {
    await renderRoutes([{ path: '/faq', element: <Faq /> }], { path: '/faq', language: 'en-US' });

    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByText('Do talk tickets expire?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact form' })).toBeTruthy();
    expect(document.querySelector('article')?.getAttribute('lang')).toBe('en-US');
    expect(document.body.textContent).not.toMatch(/[ぁ-んァ-ン]/u);
  });

  it('when the mic manual is opened in zh-TW, its three settings and their steps read in Chinese', async () => {
    await renderRoutes([{ path: '/mic_manual', element: <MicManual /> }], { path: '/mic_manual', language: 'zh-TW' });

    expect(await screen.findByRole('heading', { name: '1. 隱私權設定（允許語音辨識）' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('關閉「低耗電模式」。')).toBeTruthy();
  });

  it('when a language is compared with Japanese, it has every question and every step (same structure)', () => {
    const keysOf = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
        : [prefix];

    const japanese = keysOf(helpTexts['ja-JP']).sort();
    for (const language of LANGUAGES) expect(keysOf(helpTexts[language]).sort()).toEqual(japanese);
    expect(FAQ_IDS.every((id) => japanese.includes(`help.faq.items.${id}.q.`))).toBe(true);
  });
});
