import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

// The consumer bundle is split so the admin console, the legal texts and the
// non-default locales load only when opened (DESIGN.md §5, budget 170 KB gz).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
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
    sourcemap: false,
    // The entry chunk is ~500 kB raw / ~157 kB gzipped by design (React, RTK, router, i18n); what counts is the gzipped budget.
    chunkSizeWarningLimit: 600,
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
