import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { languageChanged } from '../features/language/languageSlice.ts';
import { createI18n } from '../i18n/i18n.ts';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.ts';
import { AppProviders, AppRoutes } from './App.tsx';
import { loadNamespace } from './namespaces.ts';
import { makeStore } from './store.ts';

/**
 * The markup the app renders at `path` on its first render in a browser, for a
 * visitor in `language` whose session is not known yet (so shown as logged
 * out): the same components, a fresh store, a static router. The build writes
 * it for `/` in each interface language (web/vite.config.ts,
 * dist/boot/home.<language>.html) and the gateway puts the visitor's one inside
 * #root, so the top page paints before its script runs, in the language the
 * script picks; main.tsx then hydrates it (hydrateRoot keeps its DOM) when it is in the
 * language the script starts in, else renders anew (createRoot).
 */
export async function renderPage(path: string, language: Language = DEFAULT_LANGUAGE): Promise<string> {
  const i18n = await createI18n(language, loadNamespace);
  const store = makeStore();
  store.dispatch(languageChanged(language));
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
