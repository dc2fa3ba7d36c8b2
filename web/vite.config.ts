import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { DEFAULT_INTERFACE_LANGUAGE, INTERFACE_LANGUAGES, type InterfaceLanguageTag } from '@talkwith/proto/i18n';
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
 * The client builds: one per interface language, each with that language's
 * `common` texts in its entry chunk (the others stay chunks of their own, for
 * a switch at run time), so a visitor downloads only the texts of the language
 * they start in. ja-JP's is Vite's `client` environment and writes index.html;
 * each other's is an environment of its own writing index.<language>.html into
 * the same dist (content-hashed asset names do not collide). The gateway
 * serves each visitor the index.html of their language (gateway/src/web-client.ts).
 */
const CLIENT_BUILDS = INTERFACE_LANGUAGES.map((language) => ({
  language,
  environment: language === DEFAULT_INTERFACE_LANGUAGE ? 'client' : `client_${language.replace('-', '_')}`,
}));
const buildLanguage = (environment: string): InterfaceLanguageTag =>
  CLIENT_BUILDS.find((build) => build.environment === environment)?.language ?? DEFAULT_INTERFACE_LANGUAGE;
/** The module naming the entry's language and texts (ja-JP's in the source). */
const ENTRY_COMMON = join(webRoot, 'src', 'i18n', 'entryCommon.ts');

/**
 * `vite build` builds every client of CLIENT_BUILDS in turn, ja-JP's first: it
 * empties dist, the others add to it (the dev server serves the source as it
 * is, ja-JP in the entry). In each language's build, src/i18n/entryCommon.ts
 * names that language: a static import of its common texts (they land in the
 * entry chunk) and an import() of each other's; and the page of a build other
 * than ja-JP's is written as index.<language>.html. Post: the HTML page exists
 * by then, and the compression plugin, which runs after, writes its .br and .gz
 * under the new name.
 */
function perLanguageBuilds(): Plugin {
  return {
    name: 'talkwith-per-language-builds',
    apply: 'build',
    enforce: 'post',
    config: () => ({
      environments: Object.fromEntries(
        CLIENT_BUILDS.filter(({ environment }) => environment !== 'client').map(({ environment }) => [
          environment,
          { consumer: 'client', build: { emptyOutDir: false } },
        ]),
      ),
      builder: {
        // In turn: they share dist, which ja-JP's empties first (side by side they were no faster on two cores).
        buildApp: async (builder) => {
          for (const { environment } of CLIENT_BUILDS) await builder.build(builder.environments[environment]!);
        },
      },
    }),
    load(id) {
      if (id !== ENTRY_COMMON) return null;
      const language = buildLanguage(this.environment.name);
      const others = INTERFACE_LANGUAGES.filter((other) => other !== language);
      return [
        `import common from './locales/${language}.json';`,
        `export const ENTRY_LANGUAGE = ${JSON.stringify(language)};`,
        'export const entryCommon = common;',
        'export const otherCommons = {',
        ...others.map((other) => `  ${JSON.stringify(other)}: () => import('./locales/${other}.json'),`),
        '};',
      ].join('\n');
    },
    generateBundle(_options, bundle) {
      const language = buildLanguage(this.environment.name);
      const page = bundle['index.html'];
      if (language === DEFAULT_INTERFACE_LANGUAGE || page?.type !== 'asset') return;
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: `index.${language}.html`, source: page.source });
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
/** The memo is per build (a watch rebuild, or the next language's build in one process, sees a new graph). */
const freshEntryModules = { name: 'talkwith-entry-modules', buildStart: () => entryModules.clear() };

// The consumer bundle is split so the admin console, the legal texts and the
// non-default locales load only when opened (DESIGN.md §5, budget 170 KB gz).
export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    freshEntryModules,
    perLanguageBuilds(),
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
