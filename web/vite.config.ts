import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { INTERFACE_LANGUAGES } from '@talkwith/proto/i18n';
import type * as PrerenderModule from './src/app/prerender.tsx';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * After the client build, renders `/` with the app's own components
 * (src/app/prerender.tsx: Shell + HomePage, a fresh store, a static router)
 * through Vite's SSR loader and react-dom/server, once per interface language,
 * and writes the markup to dist/boot/home.<language>.html. The gateway puts the
 * visitor's one inside #root for GET / (language cookie, else Accept-Language),
 * so the top page paints in the right language before its JavaScript has
 * loaded (gateway/src/home-page.ts).
 */
function prerenderHome(): Plugin {
  let outDir = '';
  let write = true;
  return {
    name: 'talkwith-prerender-home',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: an absolute --outDir (a source-map build into /tmp) must not land under web/.
      outDir = resolve(config.root, config.build.outDir);
      write = config.build.write;
    },
    async closeBundle() {
      if (!write || this.environment.name !== 'client') return;
      const server = await createServer({
        configFile: false,
        root: webRoot,
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as typeof PrerenderModule;
        await mkdir(join(outDir, 'boot'), { recursive: true });
        for (const language of INTERFACE_LANGUAGES) {
          await writeFile(join(outDir, 'boot', `home.${language}.html`), await renderPage('/', language));
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Whether a module loads with the entry: an entry, or statically imported by
 * one that does. Rolldown's automatic splitting otherwise cuts the entry's own
 * modules into several shared chunks (react-router, i18next, RTK…) whenever a
 * lazy page imports them too: each chunk a request and its own gzip stream.
 */
function loadsWithEntry(
  id: string,
  getModuleInfo: (id: string) => { isEntry: boolean; importers: string[] } | null,
  memo: Map<string, boolean>,
): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // a cycle adds nothing
  const info = getModuleInfo(id);
  const result =
    !!info && (info.isEntry || info.importers.some((importer) => loadsWithEntry(importer, getModuleInfo, memo)));
  memo.set(id, result);
  return result;
}
const entryModules = new Map<string, boolean>();
/** The memo is per build (a watch rebuild or a second build in one process sees a new graph). */
const freshEntryModules = { name: 'talkwith-entry-modules', buildStart: () => entryModules.clear() };

// The consumer bundle is split so the admin console, the legal texts and the
// non-default locales load only when opened (DESIGN.md §5, budget 170 KB gz).
export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    freshEntryModules,
    prerenderHome(),
    // Brotli and gzip copies (name.br, name.gz) of every compressible file in dist,
    // public/ files included, at the highest levels (build time, not per request):
    // the gateway serves them with @fastify/static's preCompressed. A copy that is
    // not smaller than its file is skipped, and the gateway then sends the file.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|ico|webmanifest|vtt|txt|xml)$/,
      threshold: 0,
      skipIfLargerOrEqual: true,
      deleteOriginalAssets: false,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the target covers but Safari 16 preloads modules itself; the polyfill's scan of the
    // page ran in the entry's first (longest) task on every load. Safari 16 just fetches chunks on import.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The entry chunk is ~425 kB raw / ~137 kB gzipped by design (React, RTK, router, i18n); what counts is the gzipped budget.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry loads in one chunk (one request, one compression
        // window); lazy pages keep their own chunks and import from it.
        codeSplitting: {
          groups: [
            {
              debugName: 'entry',
              name: (id, ctx) => (loadsWithEntry(id, (m) => ctx.getModuleInfo(m), entryModules) ? 'index' : null),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
