import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { languageChanged } from '../features/language/languageSlice.ts';
import { createI18n } from '../i18n/i18n.ts';
import { DEFAULT_LANGUAGE } from '../i18n/languages.ts';
import { AppProviders, AppRoutes } from './App.tsx';
import { loadNamespace } from './namespaces.ts';
import { makeStore } from './store.ts';

/**
 * The markup the app renders at `path` on its first render in a browser, for a
 * visitor in the default language whose session is not known yet (so shown as
 * logged out): the same components, a fresh store, ja-JP, a static router.
 * The build writes it for `/` (web/vite.config.ts, dist/boot/home.html) and the
 * gateway puts it inside #root, so the top page paints before its script runs;
 * createRoot then replaces it with the same markup.
 */
export async function renderPage(path: string): Promise<string> {
  const i18n = await createI18n(DEFAULT_LANGUAGE, loadNamespace);
  const store = makeStore();
  store.dispatch(languageChanged(DEFAULT_LANGUAGE));
  return renderToString(
    <StrictMode>
      <AppProviders store={store} i18n={i18n}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}
