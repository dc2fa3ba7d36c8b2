import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { makeStore } from './app/store.ts';
import { languageChanged } from './features/language/languageSlice.ts';
import { loadNamespace } from './app/namespaces.ts';
import { createI18n } from './i18n/i18n.ts';
import { storedLanguage } from './i18n/languages.ts';
import './app/styles.css';

async function start(): Promise<void> {
  const language = storedLanguage();
  const i18n = await createI18n(language, loadNamespace);
  const store = makeStore();
  store.dispatch(languageChanged(language));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App store={store} i18n={i18n} />
    </StrictMode>,
  );
}

void start();
