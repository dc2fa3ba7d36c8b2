import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter, RouterProvider, createMemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { makeStore, type RootState } from '../app/store.ts';
import { createI18n } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';
import { NAMESPACES, loadNamespace } from '../app/namespaces.ts';

export interface Harness {
  store: ReturnType<typeof makeStore>;
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders routes inside a fresh store, i18n instance and memory router. */
export async function renderRoutes(
  routes: RouteObject[],
  options: { path?: string; language?: Language; state?: Partial<RootState>; allTexts?: boolean } = {},
): Promise<Harness> {
  const store = makeStore(options.state);
  const i18n = await createI18n(options.language ?? 'ja-JP', loadNamespace);
  // Every namespace is loaded first, so a test can look for a text as soon as it renders; allTexts: false
  // leaves only common, each feature's namespace loading when its page asks (as in the browser).
  if (options.allTexts !== false) await i18n.loadNamespaces(NAMESPACES);
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { store, router };
}

function Routed({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders routes as the app does (App.tsx: BrowserRouter, declarative mode) on
 * jsdom's own history, for what only the browser's history does: Back and
 * Forward (popstate). The location starts at `path`.
 */
export async function renderInBrowser(
  routes: RouteObject[],
  options: { path: string; state?: Partial<RootState> },
): Promise<{ store: ReturnType<typeof makeStore> }> {
  const store = makeStore(options.state);
  const i18n = await createI18n('ja-JP', loadNamespace);
  await i18n.loadNamespaces(NAMESPACES);
  window.history.replaceState(null, '', options.path);
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <Routed routes={routes} />
        </BrowserRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { store };
}

export async function renderWithApp(
  element: ReactNode,
  options: { state?: Partial<RootState> } = {},
): Promise<Harness> {
  return renderRoutes([{ path: '*', element }], options);
}

export interface RecordedCall {
  url: string;
  /** The query string ('?a=1', or ''); fakeServer records it (other fakes may not). */
  query?: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** Replaces fetch with a scripted server; each handler returns [status, body] (or a promise of it: an answer the test holds back). */
export function fakeServer(handler: (call: RecordedCall) => [number, unknown] | Promise<[number, unknown]>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const text = await request.text();
    const call: RecordedCall = {
      url: new URL(request.url).pathname,
      query: new URL(request.url).search,
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const [status, body] = await handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export const sampleUser = {
  id: 'u1',
  email: 'hanako@example.jp',
  gender: 'female' as const,
  date_of_birth: '2000-04-01',
  nickname: 'はなこ',
  roles: ['customer' as const],
  email_confirmed: true,
  language: 'ja-JP' as const,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
};
