import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ChatPages,
  canRenderChatPage,
  chatPreloadHeader,
  chatSlug,
  mayPreloadCharacter,
  pickEncoding,
  type Encoding,
  type PageBody,
} from './chat-page.ts';
import { loadHomePages } from './home-page.ts';
import { PAGE_LANGUAGE_VARY, loadWebIndexes, pageLanguage } from './web-index.ts';

const MISSING_PAGE = `<!doctype html><html lang="ja"><meta charset="utf-8"><title>TALK WITH</title>
<body><h1>TALK WITH</h1><p>The web client is not built (web/dist is missing). Run <code>npm run build</code>, then restart.</p>
<p>The API is up: see <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Vite's content-hashed build output: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The other files at the root of the build (favicon.svg, favicon.ico: web/public), under a stable name. */
const ONE_DAY = 'public, max-age=86400';
/** The copies the web build writes beside each compressible file (vite-plugin-compression2 in web/vite.config.ts). */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

export function hasWebClient(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

/** Serves the built web client (files found at start-up); without a build, `/` says how to make one. */
async function webClient(app: FastifyInstance, options: { dist: string }): Promise<void> {
  if (!hasWebClient(options.dist)) {
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply.headers(app.securityHeaders.html).type('text/html; charset=utf-8').send(MISSING_PAGE),
      );
    return;
  }
  const assetsDir = join(options.dist, 'assets', sep);
  const html = app.securityHeaders.html;
  await app.register(fastifyStatic, {
    // `/` is the route below, not the static index.
    root: options.dist,
    wildcard: false,
    index: false,
    maxAge: '1d',
    schemaHide: true,
    // The build holds a .br and a .gz beside every compressible file: the
    // plugin sends the one the request accepts (Content-Encoding, Vary:
    // Accept-Encoding), the file itself otherwise. reply.sendFile (the SPA
    // fallback) goes the same way.
    preCompressed: true,
    // index.html carries the page's policy and is revalidated on every load; the
    // content-hashed files Vite writes under assets/ never change under their name;
    // the rest (the favicons) keep a day. `path` is the file sent: maybe the .br or .gz.
    setHeaders: (reply, path) => {
      const file = path.replace(COMPRESSED_COPY, '');
      if (file.endsWith('.html')) reply.headers(html);
      else if (file.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', ONE_DAY);
    },
  });
  // The top page: the visitor's language's index.html (web-index.ts) with the build's prerendered
  // markup in #root (home-page.ts), so it paints before its script runs, in the visitor's language; a
  // build without that markup gets the plain index.html of the language.
  const indexes = loadWebIndexes(options.dist);
  const homePages = loadHomePages(options.dist, indexes);
  app.withTypeProvider<TypeBoxTypeProvider>().get('/', { schema: { hide: true } }, async (request, reply) => {
    const language = pageLanguage(request.headers.cookie, request.headers['accept-language']);
    // The page differs with the language cookie and Accept-Language: caches must keep each.
    if (!homePages) return reply.header('vary', PAGE_LANGUAGE_VARY).sendFile(indexes.get(language).file);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const page = await homePages.get(language).get(encoding);
    return sendPage(request, reply, encoding, page, `accept-encoding, ${PAGE_LANGUAGE_VARY}`);
  });
}

/** Not encapsulated: the root not-found handler needs reply.sendFile. */
export const webClientRoutes = fp(webClient, { name: 'talkwith-web-client' });

/** A generated HTML page with the page headers, its ETag (304 when the browser has it) and its encoding. */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  encoding: Encoding,
  page: PageBody,
  vary = 'accept-encoding',
): Promise<FastifyReply> {
  reply
    .headers(request.server.securityHeaders.html)
    .header('vary', vary)
    .header('etag', page.etag)
    .type('text/html; charset=utf-8');
  if (notModified(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page.body);
}

/** True when an If-None-Match header names this (weak) ETag. */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * SPA fallback for the not-found handler: a browser navigating to a client
 * route (a GET outside /api that accepts HTML) gets the index.html of its
 * language (web-index.ts); the rest gets JSON 404. The player route
 * /full/chat/{slug} (also under a language prefix) gets that index.html made
 * for its slug (chat-page.ts): a Link header and preload tags for the poster
 * and the character, and the poster in #root as the first paint.
 */
export function spaFallback(dist: string) {
  const enabled = hasWebClient(dist);
  const indexes = enabled ? loadWebIndexes(dist) : undefined;
  const chatPages =
    indexes && indexes.all().every((index) => canRenderChatPage(index.html))
      ? new ChatPages((language) => indexes.get(language).html)
      : undefined;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!indexes || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (request.url.startsWith('/api/') || request.url === '/api') return;
    if (!(request.headers.accept ?? '').includes('text/html')) return;
    const language = pageLanguage(request.headers.cookie, request.headers['accept-language']);
    const slug = chatPages ? chatSlug(request.url) : undefined;
    if (chatPages && slug !== undefined) {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const withCharacter = mayPreloadCharacter(request.headers.cookie);
      // The page differs with the language and the session cookie (no character preload): caches must keep each.
      reply.header('link', chatPreloadHeader(slug, withCharacter));
      const page = await chatPages.get(slug, encoding, withCharacter, language);
      await sendPage(request, reply, encoding, page, `accept-encoding, ${PAGE_LANGUAGE_VARY}`);
      return;
    }
    // sendFile goes through the static plugin's setHeaders (the HTML headers) and adds accept-encoding to Vary.
    await reply.header('vary', PAGE_LANGUAGE_VARY).sendFile(indexes.get(language).file, dist);
  };
}
