import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';
import type { AppStore } from './store.ts';

/** The route tree, under whichever router: the browser's, or a static one when prerendering (prerender.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The store and the translations around the router. */
export function AppProviders({ store, i18n, children }: { store: AppStore; i18n: I18n; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </Provider>
  );
}

/**
 * The app in React Router's declarative mode (BrowserRouter + useRoutes): no route
 * uses loaders, actions or other data-router features, and the data router
 * (createBrowserRouter) would add ~18 kB gzipped to every page's entry.
 */
export function App({ store, i18n }: { store: AppStore; i18n: I18n }) {
  return (
    <AppProviders store={store} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
