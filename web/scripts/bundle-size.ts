/**
 * Measures the consumer's initial JavaScript, gzipped: the entry script of
 * web/dist/index.html plus every chunk it preloads (lazy chunks such as the
 * admin console, the legal texts and the other locales are not counted), for
 * each interface language's page (index.html is ja-JP's, index.<language>.html
 * each other's: one build per language); the headline figure is the largest.
 * Beside it, the same measure for a bundle of React + ReactDOM + Redux Toolkit
 * alone, built by Vite with the same settings. Prints JSON.
 * Usage (after `npx vite build`): node web/scripts/bundle-size.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const webDir = join(import.meta.dirname, '..');
const BUDGET_KB = 170;

// kB = 1000 bytes at zlib's default level, the way Vite reports sizes, so the figures match its build log.
const gzipKb = (code: string | Uint8Array) => Math.round(gzipSync(code).length / 10) / 100;

function initialScripts(html: string): string[] {
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set([...entries, ...preloads])];
}

const dist = join(webDir, 'dist');

function measurePage(page: string) {
  const files = initialScripts(readFileSync(join(dist, page), 'utf8'));
  const sizes = files.map((file) => ({ file, gzipKb: gzipKb(readFileSync(join(dist, file.replace(/^\//, '')))) }));
  return { page, files: sizes, gzipKb: Math.round(sizes.reduce((sum, s) => sum + s.gzipKb, 0) * 100) / 100 };
}

/** Every language's page, the largest first. */
function measureApp() {
  const pages = readdirSync(dist).filter((name) => /^index(\.[\w-]+)?\.html$/.test(name));
  return pages.map(measurePage).sort((a, b) => b.gzipKb - a.gzipKb);
}

const BASELINE = `
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { configureStore, createSlice } from '@reduxjs/toolkit';
const counter = createSlice({ name: 'counter', initialState: 0, reducers: { added: (n) => n + 1 } });
const store = configureStore({ reducer: { counter: counter.reducer } });
function App() { const [n, setN] = useState(store.getState().counter); return createElement('button', { onClick: () => { store.dispatch(counter.actions.added()); setN(store.getState().counter); } }, n); }
createRoot(document.getElementById('root')).render(createElement(App));
`;

async function measureBaseline() {
  const output = (await build({
    configFile: false,
    root: webDir,
    logLevel: 'silent',
    plugins: [
      {
        name: 'baseline-entry',
        resolveId: (id) => (id === 'virtual:baseline' ? '\0baseline.js' : null),
        load: (id) => (id === '\0baseline.js' ? BASELINE : null),
      },
    ],
    build: { write: false, target: 'es2022', rollupOptions: { input: 'virtual:baseline' } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  return { gzipKb: Math.round(chunks.reduce((sum, c) => sum + gzipKb(c.code), 0) * 100) / 100 };
}

const pages = measureApp();
const largest = pages[0]!;
const baseline = await measureBaseline();
console.log(
  JSON.stringify(
    {
      initialJsGzipKb: largest.gzipKb,
      budgetKb: BUDGET_KB,
      withinBudget: largest.gzipKb <= BUDGET_KB,
      reactPlusReduxToolkitGzipKb: baseline.gzipKb,
      pages,
    },
    null,
    2,
  ),
);
