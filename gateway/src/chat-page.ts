import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { DEFAULT_INTERFACE_LANGUAGE, INTERFACE_LANGUAGES, type InterfaceLanguageTag } from '@talkwith/proto/i18n';

/**
 * The player route's index.html (issue 10): for /full/chat/{slug} (and
 * /{lang}/full/chat/{slug}) the page itself starts the two requests the player
 * waits for, the standby poster and the character, and paints the poster
 * before any script runs. No inline script or style: the page CSP forbids them.
 */

/** The interface languages that may prefix a route. */
const LANGUAGES: readonly string[] = INTERFACE_LANGUAGES;
/** A slug the catalog can hold (CharacterSlugParams allows 1–100 characters; URL names are this subset). */
const SLUG = /^[A-Za-z0-9_-]{1,100}$/;
const CHAT_PATH = new RegExp(`^/(?:(?:${LANGUAGES.join('|')})/)?full/chat/([^/]*)/?$`);

/** The slug of a player route, or undefined (another route, or a slug that is not a plain URL name). */
export function chatSlug(url: string): string | undefined {
  const query = url.indexOf('?');
  const match = CHAT_PATH.exec(query === -1 ? url : url.slice(0, query));
  const slug = match?.[1];
  return slug !== undefined && SLUG.test(slug) ? slug : undefined;
}

const characterUrl = (slug: string) => `/api/characters/by-slug/${encodeURIComponent(slug)}`;
const posterUrl = (slug: string) => `${characterUrl(slug)}/poster`;
/** The catalog's stylesheet framing the poster on a portrait phone (around the figure, or whole): the first paint's crop. */
const framingUrl = (slug: string) => `${characterUrl(slug)}/framing.css`;

/**
 * The cookie identity sets beside the refresh cookie (services/identity/src/http/cookies.ts
 * CSRF_COOKIE): its presence says the browser may have a session.
 */
const SESSION_HINT = /(?:^|;\s*)talkwith-csrf=/;

/**
 * Whether the page may preload the character: only for a browser without a
 * session. The character served depends on the caller (serial-locked blocks),
 * and Chromium hands a preloaded response to a later fetch of the same URL
 * whatever its Authorization header, so a signed-in customer would get the
 * logged-out view.
 */
export function mayPreloadCharacter(cookieHeader: string | undefined): boolean {
  return !SESSION_HINT.test(cookieHeader ?? '');
}

/** The Link header: preload the poster (an image) and, when allowed, the character (a credentialed fetch, as RTK Query makes it). */
export function chatPreloadHeader(slug: string, withCharacter = true): string {
  const poster = `<${posterUrl(slug)}>; rel=preload; as=image`;
  return withCharacter
    ? `${poster}, <${characterUrl(slug)}>; rel=preload; as=fetch; crossorigin=use-credentials`
    : poster;
}

/** What React's loading fallback of the player renders too, so the swap does not flash. */
export function bootSkeleton(slug: string): string {
  const s = encodeURIComponent(slug);
  return `<div class="player player--boot" data-boot-slug="${s}"><div class="player__stage"><img class="player__poster" src="${posterUrl(slug)}" alt="" fetchpriority="high"></div></div>`;
}

/** The empty #root of index.html. */
export const ROOT = /<div id="root">\s*<\/div>/;

/** True when index.html has the empty #root and the </head> the chat page fills in. */
export function canRenderChatPage(indexHtml: string): boolean {
  return ROOT.test(indexHtml) && indexHtml.includes('</head>');
}

/** index.html with the preload tags in the head and the boot skeleton in #root. */
export function renderChatPage(indexHtml: string, slug: string, withCharacter = true): string {
  const preload =
    `<link rel="preload" href="${posterUrl(slug)}" as="image" fetchpriority="high">` +
    // Render-blocking, tiny, and fetched beside the poster, which the first paint waits for anyway.
    `<link rel="stylesheet" href="${framingUrl(slug)}">` +
    (withCharacter ? `<link rel="preload" href="${characterUrl(slug)}" as="fetch" crossorigin="use-credentials">` : '');
  return indexHtml
    .replace('</head>', `${preload}</head>`)
    .replace(ROOT, () => `<div id="root">${bootSkeleton(slug)}</div>`);
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send, negotiated the way @fastify/static does for the files (its '*' counts as gzip). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  return negotiate(acceptEncoding.toLowerCase().replaceAll('*', 'gzip'), ['br', 'gzip']) ?? 'identity';
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The body in an encoding, at the highest level (once per page: the result is kept). */
export async function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br')
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  if (encoding === 'gzip') return gzipped(body, { level: constants.Z_BEST_COMPRESSION });
  return body;
}

/** An HTML page as sent: its ETag and its body in the negotiated encoding. */
export interface PageBody {
  etag: string;
  body: Buffer;
}

/** One generated page, each encoding compressed once (in zlib's thread pool) and kept. */
export class CompressedPage {
  readonly etag: string;
  readonly #bodies: Partial<Record<Encoding, Promise<Buffer>>>;

  constructor(html: string) {
    const body = Buffer.from(html);
    this.etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    this.#bodies = { identity: Promise.resolve(body) };
  }

  async get(encoding: Encoding): Promise<PageBody> {
    const identity = this.#bodies.identity!;
    const body = (this.#bodies[encoding] ??= identity.then((html) => encode(html, encoding)));
    return { etag: this.etag, body: await body };
  }
}

/**
 * The chat pages by language and slug, each made from that language's
 * index.html: at most `max` pages, the least recently used dropped first.
 * Slugs come from URLs anyone can type, hence the bound.
 */
export class ChatPages {
  readonly #indexHtml: (language: InterfaceLanguageTag) => string;
  readonly #max: number;
  readonly #byKey = new Map<string, CompressedPage>();

  constructor(indexHtml: (language: InterfaceLanguageTag) => string, max = 200) {
    this.#indexHtml = indexHtml;
    this.#max = max;
  }

  get size(): number {
    return this.#byKey.size;
  }

  async get(
    slug: string,
    encoding: Encoding,
    withCharacter = true,
    language: InterfaceLanguageTag = DEFAULT_INTERFACE_LANGUAGE,
  ): Promise<PageBody> {
    const key = `${language} ${withCharacter ? '+' : '-'}${slug}`;
    let page = this.#byKey.get(key);
    if (page) {
      this.#byKey.delete(key);
    } else {
      page = new CompressedPage(renderChatPage(this.#indexHtml(language), slug, withCharacter));
      if (this.#byKey.size >= this.#max) this.#byKey.delete(this.#byKey.keys().next().value!);
    }
    this.#byKey.set(key, page);
    return page.get(encoding);
  }
}
