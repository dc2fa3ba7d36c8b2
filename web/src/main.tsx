// The entry's evaluation in three tasks (the imports' order is the evaluation order; each entryYield
// module awaits a new task at its top level): React and React DOM; the store (Redux Toolkit, RTK
// Query's api and its endpoints); the app (router, pages, i18next). In one task it was the page's
// longest task on a mid-range phone (~300 ms), most of its total blocking time.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/entryYield/afterReact.ts';
import { makeStore } from './app/store.ts';
import './app/entryYield/afterStore.ts';
import { App } from './app/App.tsx';
import { languageChanged } from './features/language/languageSlice.ts';
import { loadNamespace } from './app/namespaces.ts';
import { createI18n } from './i18n/i18n.ts';
import { initialLanguage } from './i18n/firstLanguage.ts';
import { rememberLanguageCookie } from './i18n/languages.ts';
import { hasSessionHint } from './api/index.ts';
import { yieldToMain } from './app/yieldToMain.ts';
import { isPrerenderedHome } from './app/prerenderedHome.ts';
import './app/styles.css';

/**
 * The start in tasks of its own, a yield to the browser between them: the entry's evaluation, the
 * translations, the store, the first render. On a mid-range phone each is tens of ms; run in the
 * module's evaluation task they made one long task of ~400 ms (total blocking time).
 */
async function start(): Promise<void> {
  await yieldToMain();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // As served: createI18n sets its own.
  const servedLanguage = document.documentElement.lang;
  // The saved choice, else the browser's languages (first visit), else ja-JP.
  const language = initialLanguage();
  // The gateway's next top page paints in it (prerendered per language).
  rememberLanguageCookie(language);
  const i18n = await createI18n(language, loadNamespace);
  await yieldToMain();
  const hydrate = isPrerenderedHome(root, language, servedLanguage);
  // Without the CSRF cookie there is no session to restore: a guest from the first render, so the
  // shell's start does not re-render every page once more to say so. Not when hydrating: the
  // prerendered page is the one of a session not known yet (prerender.tsx), the first render must match it.
  const store = makeStore(
    hydrate || hasSessionHint() ? undefined : { session: { status: 'guest', accessToken: null, user: null } },
  );
  store.dispatch(languageChanged(language));
  await yieldToMain();
  const app = (
    <StrictMode>
      <App store={store} i18n={i18n} />
    </StrictMode>
  );
  // A transition: React renders the first tree in slices of a few ms, yielding to input between them,
  // instead of one long task (a hydration outside one is at the default lane, which is not sliced).
  // The prerendered top page is hydrated: its DOM is kept (no new DOM, no second layout of the whole page).
  startTransition(() => {
    if (hydrate) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start();
