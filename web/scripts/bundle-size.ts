/**
 * Measures the consumer's initial JavaScript, gzipped: the entry script of
 * web/dist/index.html plus every chunk it preloads (lazy chunks such as the
 * admin console, the legal texts and the other locales are not counted).
 * Beside it, the same measure for a bundle of React + ReactDOM + Redux Toolkit
 * alone, built by Vite with the same settings. Prints JSON.
 * Usage (after `npx vite build`): node web/scripts/bundle-size.ts
 */
import { readFileSync } from 'node:fs';
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

function measureApp() {
  const dist = join(webDir, 'dist');
  const files = initialScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  const sizes = files.map((file) => ({ file, gzipKb: gzipKb(readFileSync(join(dist, file.replace(/^\//, '')))) }));
  return { files: sizes, gzipKb: Math.round(sizes.reduce((sum, s) => sum + s.gzipKb, 0) * 100) / 100 };
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

const app = measureApp();
const baseline = await measureBaseline();
console.log(
  JSON.stringify(
    {
      initialJsGzipKb: app.gzipKb,
      budgetKb: BUDGET_KB,
      withinBudget: app.gzipKb <= BUDGET_KB,
      reactPlusReduxToolkitGzipKb: baseline.gzipKb,
      files: app.files,
    },
    null,
    2,
  ),
);
