import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authTexts } from '../features/auth/texts.ts';
import { catalogTexts } from '../features/catalog/texts.ts';
import { engagementTexts } from '../features/engagement/texts.ts';
import type { Language } from '../i18n/languages.ts';
import type { DictionaryPart } from '../i18n/parts.ts';
import { fakeServer, renderRoutes } from '../test/harness.tsx';
import { routes } from './routes.tsx';

/**
 * The pages whose texts left the entry (each carries its part, i18n/parts.ts),
 * opened through the real routes with only the entry's dictionaries loaded:
 * their title shows in the language, and none of their keys shows instead.
 * (The billing pages, all behind a log-in but the law pages' fixed Japanese,
 * are opened the same way by their own tests: the harness loads the entry alone.)
 */
const PAGES: Array<[path: string, part: DictionaryPart, titleKey: string]> = [
  ['/login', authTexts, 'login.title'],
  ['/register', authTexts, 'register.title'],
  ['/password_reset', authTexts, 'reset.title'],
  ['/news', engagementTexts, 'engagement.news.title'],
  ['/full/main_menu', catalogTexts, 'catalog.menuTitle'],
];

function text(part: DictionaryPart, language: Language, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], part[language]);
  if (typeof found !== 'string') throw new Error(`${key} is not a text of this part`);
  return found;
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** Signed out, empty catalog and news; anything else 404. */
function gateway() {
  fakeServer(({ method, url }) => {
    if (method === 'POST' && url === '/api/auth/refresh')
      return [401, { ok: false, code: 'UNAUTHORIZED', message: '' }];
    if (url === '/api/catalog/menu') return [200, { ok: true, categories: [], ungrouped: [] }];
    if (url === '/api/news') return [200, { ok: true, news: [], total: 0, page: 1, pages: 0 }];
    return [404, { ok: false, code: 'NOT_FOUND', message: '' }];
  });
}

describe('page texts from the page chunks', () => {
  it.each(
    PAGES.flatMap(([path, part, titleKey]) =>
      (['ja-JP', 'en-US'] as const).map((language) => [path, language, part, titleKey] as const),
    ),
  )('%s in %s, opened from the entry alone, shows its title and no key', async (path, language, part, titleKey) => {
    gateway();

    await renderRoutes(routes, { path, language });

    const title = text(part, language, titleKey);
    expect((await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).textContent).toBe(title);
    const shown = document.body.textContent ?? '';
    expect(keysOf(part[language]).filter((key) => shown.includes(key))).toEqual([]);
  });
});
