import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes.tsx';
import type { AppStore } from './store.ts';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app in React Router's declarative mode (BrowserRouter + useRoutes): no route
 * uses loaders, actions or other data-router features, and the data router
 * (createBrowserRouter) would add ~10 kB gzipped to every page's entry.
 */
export function App({ store, i18n }: { store: AppStore; i18n: I18n }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </I18nextProvider>
    </Provider>
  );
}
