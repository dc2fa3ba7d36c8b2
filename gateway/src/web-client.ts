import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const MISSING_PAGE = `<!doctype html><html lang="ja"><meta charset="utf-8"><title>TALK WITH</title>
<body><h1>TALK WITH</h1><p>The web client is not built (web/dist is missing). Run <code>npm run build</code>, then restart.</p>
<p>The API is up: see <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Vite's content-hashed build output: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function hasWebClient(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

/** Serves the built web client (files found at start-up); without a build, `/` says how to make one. */
async function webClient(app: FastifyInstance, options: { dist: string }): Promise<void> {
  if (!hasWebClient(options.dist)) {
    app.withTypeProvider<TypeBoxTypeProvider>().get('/', { schema: { hide: true } }, async (_request, reply) => reply.headers(app.securityHeaders.html).type('text/html; charset=utf-8').send(MISSING_PAGE));
    return;
  }
  const assetsDir = join(options.dist, 'assets', sep);
  const html = app.securityHeaders.html;
  await app.register(fastifyStatic, {
    root: options.dist, wildcard: false, index: ['index.html'], maxAge: '1h', schemaHide: true,
    // index.html carries the page's policy and is revalidated on every load; the
    // content-hashed files Vite writes under assets/ never change under their name.
    setHeaders: (reply, path) => {
      if (path.endsWith('.html')) reply.headers(html);
      else if (path.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
    },
  });
}

/** Not encapsulated: the root not-found handler needs reply.sendFile. */
export const webClientRoutes = fp(webClient, { name: 'talkwith-web-client' });

/**
 * SPA fallback for the not-found handler: a browser navigating to a client
 * route (a GET outside /api that accepts HTML) gets index.html; the rest gets JSON 404.
 */
export function spaFallback(dist: string) {
  const enabled = hasWebClient(dist);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!enabled || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (request.url.startsWith('/api/') || request.url === '/api') return;
    if (!(request.headers.accept ?? '').includes('text/html')) return;
    // sendFile goes through the static plugin's setHeaders: index.html gets the HTML headers there.
    await reply.sendFile('index.html', dist);
  };
}
