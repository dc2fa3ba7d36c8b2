import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../i18n/languages.ts';
import { loadNamespace, type Namespace } from './namespaces.ts';
import { fakeServer, renderRoutes } from '../test/harness.tsx';
import { routes } from './routes.tsx';

/**
 * The pages whose texts are in a feature's namespace (app/namespaces.ts),
 * opened through the real routes with only the common namespace loaded:
 * their title shows in the language, and none of their keys shows instead.
 * (The billing pages, all behind a log-in but the law pages' fixed Japanese,
 * are opened the same way by their own tests: the harness loads the entry alone.)
 */
const PAGES: Array<[path: string, namespace: Namespace, titleKey: string]> = [
  ['/login', 'auth', 'login.title'],
  ['/register', 'auth', 'register.title'],
  ['/password_reset', 'auth', 'reset.title'],
  ['/news', 'engagement', 'engagement.news.title'],
  ['/full/main_menu', 'catalog', 'catalog.menuTitle'],
];

function text(texts: Record<string, unknown>, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], texts);
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

describe('page texts from their namespaces', () => {
  it.each(
    PAGES.flatMap(([path, namespace, titleKey]) =>
      (['ja-JP', 'en-US'] as const).map((language) => [path, language, namespace, titleKey] as const),
    ),
  )(
    '%s in %s, opened with only common loaded, shows its title and no key',
    async (path, language, namespace, titleKey) => {
      gateway();
      const texts = await loadNamespace(language as Language, namespace);

      await renderRoutes(routes, { path, language, allTexts: false });

      const title = text(texts, titleKey);
      expect((await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).textContent).toBe(
        title,
      );
      const shown = document.body.textContent ?? '';
      expect(keysOf(texts).filter((key) => shown.includes(key))).toEqual([]);
    },
  );
});
