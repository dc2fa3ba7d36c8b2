import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatPages, bootSkeleton, chatSlug, pickEncoding } from './chat-page.ts';
import { renderHomePage } from './home-page.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';
import { acceptedLanguages } from './web-index.ts';

const FAVICON_ICO = new URL('../../web/public/favicon.ico', import.meta.url);
const INDEX_HTML =
  '<!doctype html><html lang="ja"><head><meta charset="UTF-8" /><title>TALK WITH</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const ASSET = `export const text = ${JSON.stringify('TALK WITH '.repeat(400))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A web build as Vite writes it (web/vite.config.ts): every compressible file with its .br and .gz. */
async function writeBuild(dist: string): Promise<void> {
  await mkdir(join(dist, 'assets'));
  const compressible = { 'index.html': INDEX_HTML, 'assets/index-abc123.js': ASSET };
  for (const [name, text] of Object.entries(compressible)) {
    await writeFile(join(dist, name), text);
    await writeFile(join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${name}.gz`), gzipSync(text));
  }
  await copyFile(FAVICON_ICO, join(dist, 'favicon.ico'));
}

let gw: TestGateway;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'gateway-web-client-'));
  await writeBuild(dist);
  gw = await startTestGateway({}, { webDist: dist });
});
afterAll(async () => {
  await gw?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });
const page = (url: string, headers: Record<string, string> = {}) =>
  get(url, { accept: 'text/html,application/xhtml+xml', ...headers });

function expectHtmlHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-type']).toMatch(/^text\/html/);
  expect(headers['cache-control']).toBe('no-cache');
  expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  expect(String(headers['content-security-policy'])).not.toContain('unsafe-inline');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(String(headers.vary).toLowerCase()).toContain('accept-encoding');
}

describe('web client, precompressed files', () => {
  it('hashed JS asset, accept-encoding br, comes back brotli and decompresses to the plain file', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
    expect(res.rawPayload.length).toBeLessThan(ASSET.length / 10);
  });

  it('hashed JS asset, accept-encoding gzip, comes back gzip and decompresses to the plain file', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate' });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('hashed JS asset, browser accept-encoding (gzip, deflate, br, zstd), prefers brotli', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });

    expect(res.headers['content-encoding']).toBe('br');
  });

  it('hashed JS asset, no accept-encoding, is the plain file (identity) and still varies on accept-encoding', async () => {
    const res = await get('/assets/index-abc123.js');

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ASSET);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('hashed asset, compressed or not, is cached for a year as immutable', async () => {
    const plain = await get('/assets/index-abc123.js');
    const brotli = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });

    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('index.html, brotli, keeps no-cache and the page CSP', async () => {
    const res = await page('/', { 'accept-encoding': 'br' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    expectHtmlHeaders(res.headers);
  });

  it('SPA fallback (a client route), gzip, sends the precompressed index.html with no-cache', async () => {
    const res = await page('/login', { 'accept-encoding': 'gzip' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    expectHtmlHeaders(res.headers);
  });

  it('SPA fallback, no accept-encoding, sends index.html as it is', async () => {
    const res = await page('/login');

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(INDEX_HTML);
    expectHtmlHeaders(res.headers);
  });

  it('favicon.ico, GET, is 200 as an icon cached for a day', async () => {
    const res = await get('/favicon.ico');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});

describe('web client, the player route', () => {
  const LINK =
    '</api/characters/by-slug/mirai/poster>; rel=preload; as=image, </api/characters/by-slug/mirai>; rel=preload; as=fetch; crossorigin=use-credentials';
  const BOOT =
    '<div class="player player--boot" data-boot-slug="mirai"><div class="player__stage"><img class="player__poster" src="/api/characters/by-slug/mirai/poster" alt="" fetchpriority="high"></div></div>';

  it('/full/chat/mirai, opened by a browser, has the preload Link header, the preload tags and the boot poster in #root', async () => {
    const res = await page('/full/chat/mirai');

    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe(LINK);
    expect(res.body).toContain(`<div id="root">${BOOT}</div>`);
    expect(res.body).toContain(
      '<link rel="preload" href="/api/characters/by-slug/mirai/poster" as="image" fetchpriority="high">',
    );
    expect(res.body).toContain(
      '<link rel="preload" href="/api/characters/by-slug/mirai" as="fetch" crossorigin="use-credentials">',
    );
    expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(res.body).not.toMatch(/<script>|<style|style=/);
    expectHtmlHeaders(res.headers);
  });

  it("/full/chat/mirai, opened by a browser, links the catalog's framing stylesheet in the head, so the first paint crops around the figure", async () => {
    const res = await page('/full/chat/mirai');

    const link = '<link rel="stylesheet" href="/api/characters/by-slug/mirai/framing.css">';
    expect(res.body).toContain(link);
    expect(res.body.indexOf(link)).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('/full/chat/mirai, opened by a browser with a session cookie, preloads the poster but not the character (served per caller)', async () => {
    const res = await page('/full/chat/mirai', { cookie: 'theme=dark; talkwith-csrf=abc' });

    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe('</api/characters/by-slug/mirai/poster>; rel=preload; as=image');
    expect(res.body).toContain(`<div id="root">${BOOT}</div>`);
    expect(res.body).not.toContain('<link rel="preload" href="/api/characters/by-slug/mirai" as="fetch"');
    expect(res.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(res.headers.etag).not.toBe((await page('/full/chat/mirai')).headers.etag);
  });

  it.each(['ja-JP', 'en-US', 'fil-PH', 'zh-TW'])(
    '/%s/full/chat/mirai, with a language prefix, gets the same page',
    async (lang) => {
      const res = await page(`/${lang}/full/chat/mirai`);

      expect(res.headers.link).toBe(LINK);
      expect(res.body).toContain(BOOT);
    },
  );

  it('/full/chat/mirai/?from=menu, trailing slash and query, gets the page for mirai', async () => {
    const res = await page('/full/chat/mirai/?from=menu');

    expect(res.headers.link).toBe(LINK);
  });

  it('/full/chat/mirai, brotli, is compressed and decompresses to the identity page', async () => {
    const plain = await page('/full/chat/mirai');
    const brotli = await page('/full/chat/mirai', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await page('/full/chat/mirai', { 'accept-encoding': 'gzip' });

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expectHtmlHeaders(brotli.headers);
  });

  it('/full/chat/mirai, revalidated with its ETag, answers 304', async () => {
    const first = await page('/full/chat/mirai', { 'accept-encoding': 'br' });
    const again = await page('/full/chat/mirai', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });

    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it.each([
    ['<script>', '/full/chat/%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['../', '/full/chat/..%2F..%2Fetc'],
    ['a quote', '/full/chat/mirai%22%3E'],
    ['101 characters', `/full/chat/${'a'.repeat(101)}`],
    ['a nested path', '/full/chat/mirai/extra'],
  ])('/full/chat/{slug}, slug with %s, gets the plain index.html', async (_name, url) => {
    const res = await page(url);

    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBeUndefined();
    expect(res.body).toBe(INDEX_HTML);
  });

  it('/full/chat/mirai, asked for JSON, is a JSON 404 like any client route', async () => {
    const res = await get('/full/chat/mirai', { accept: 'application/json' });

    expect(res.statusCode).toBe(404);
  });
});

describe('web client, the top page with its prerendered markup', () => {
  // What web/src/app/prerender.tsx writes to dist/boot/home.<language>.html (shortened); this build has no fil-PH one.
  const homeMarkup = (title: string) =>
    `<div class="app"><header class="topbar"><a class="brand" href="/">TALK WITH</a></header><main id="content" class="content"><!--$--><div class="home"><h1 class="hero__title">${title}</h1></div><!--/$--></main></div>`;
  const HOME = homeMarkup('声で話そう、あのキャラクターと。');
  const HOME_EN = homeMarkup('Talk by voice with the character.');
  const HOME_ZH = homeMarkup('用聲音和角色聊天。');
  const pageOf = (markup: string, lang: string) =>
    INDEX_HTML.replace('<div id="root"></div>', `<div id="root">${markup}</div>`).replace(
      '<html lang="ja">',
      `<html lang="${lang}">`,
    );
  const HOME_PAGE = pageOf(HOME, 'ja-JP');
  let homeGw: TestGateway;
  let homeDist: string;
  beforeAll(async () => {
    homeDist = await mkdtemp(join(tmpdir(), 'gateway-web-home-'));
    await writeBuild(homeDist);
    await mkdir(join(homeDist, 'boot'));
    await writeFile(join(homeDist, 'boot', 'home.ja-JP.html'), HOME);
    await writeFile(join(homeDist, 'boot', 'home.en-US.html'), HOME_EN);
    await writeFile(join(homeDist, 'boot', 'home.zh-TW.html'), HOME_ZH);
    homeGw = await startTestGateway({}, { webDist: homeDist });
  });
  afterAll(async () => {
    await homeGw?.close();
    if (homeDist) await rm(homeDist, { recursive: true, force: true });
  });
  const home = (url: string, headers: Record<string, string> = {}) =>
    homeGw.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('/, opened by a browser, is index.html with the prerendered markup in #root and the HTML headers', async () => {
    const res = await home('/');

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(HOME_PAGE);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(res.body).not.toMatch(/<script>|<style|style=/);
    expectHtmlHeaders(res.headers);
  });

  it('/, brotli and gzip, are compressed once and decompress to the identity page', async () => {
    const brotli = await home('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await home('/', { 'accept-encoding': 'gzip' });

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(HOME_PAGE);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(HOME_PAGE);
    expectHtmlHeaders(brotli.headers);
  });

  it('/, revalidated with its ETag, answers 304', async () => {
    const first = await home('/', { 'accept-encoding': 'br' });
    const again = await home('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });

    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('/?from=mail, with a query, gets the same page', async () => {
    const res = await home('/?from=mail');

    expect(res.body).toBe(HOME_PAGE);
  });

  it('a client route (/login), gets the plain index.html: only / is prerendered', async () => {
    const res = await home('/login');

    expect(res.body).toBe(INDEX_HTML);
  });

  it('/, Accept-Language en-US, is the English markup under <html lang="en-US">, varying on language and cookie', async () => {
    const res = await home('/', { 'accept-language': 'en-US,en;q=0.9,ja;q=0.8' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(pageOf(HOME_EN, 'en-US'));
    expect(String(res.headers.vary)).toBe('accept-encoding, accept-language, cookie');
    expectHtmlHeaders(res.headers);
  });

  it('/, Accept-Language by q (ja;q=0.5, zh-CN), picks the most preferred the interface has: zh-TW', async () => {
    const res = await home('/', { 'accept-language': 'ja;q=0.5, zh-CN, de;q=0.9' });

    expect(res.body).toBe(pageOf(HOME_ZH, 'zh-TW'));
  });

  it('/, language cookie zh-TW with Accept-Language en, the cookie wins', async () => {
    const res = await home('/', { 'accept-language': 'en', cookie: 'talkwith-csrf=x; talkwith-lang=zh-TW' });

    expect(res.body).toBe(pageOf(HOME_ZH, 'zh-TW'));
  });

  it('/, an unknown Accept-Language and a junk cookie, is the Japanese page', async () => {
    const res = await home('/', { 'accept-language': 'de-DE, ko;q=0.8', cookie: 'talkwith-lang=xx-XX' });

    expect(res.body).toBe(HOME_PAGE);
  });

  it('/, a language the build has no markup for (fil-PH), is the Japanese page', async () => {
    const res = await home('/', { cookie: 'talkwith-lang=fil-PH' });

    expect(res.body).toBe(HOME_PAGE);
  });

  it('/, each language, has its own ETag: the Japanese one does not revalidate the English page', async () => {
    const ja = await home('/', { 'accept-encoding': 'br' });
    const en = await home('/', { 'accept-encoding': 'br', 'accept-language': 'en-US' });
    const enAgain = await home('/', {
      'accept-encoding': 'br',
      'accept-language': 'en-US',
      'if-none-match': String(en.headers.etag),
    });
    const enWithJaTag = await home('/', {
      'accept-encoding': 'br',
      'accept-language': 'en-US',
      'if-none-match': String(ja.headers.etag),
    });

    expect(en.headers.etag).not.toBe(ja.headers.etag);
    expect(enAgain.statusCode).toBe(304);
    expect(enWithJaTag.statusCode).toBe(200);
    expect(brotliDecompressSync(enWithJaTag.rawPayload).toString()).toBe(pageOf(HOME_EN, 'en-US'));
  });

  it('HEAD /, answers 200 with the HTML headers and no body', async () => {
    const res = await homeGw.app.inject({ method: 'HEAD', url: '/' });

    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expectHtmlHeaders(res.headers);
  });
});

describe('chat page helpers', () => {
  it('chatSlug, route forms, finds the slug only in a player route with a plain URL name', () => {
    expect(chatSlug('/full/chat/mirai')).toBe('mirai');
    expect(chatSlug('/en-US/full/chat/Mirai_2-b?x=1')).toBe('Mirai_2-b');
    expect(chatSlug(`/full/chat/${'a'.repeat(100)}`)).toBe('a'.repeat(100));
    expect(chatSlug('/de-DE/full/chat/mirai')).toBeUndefined();
    expect(chatSlug('/full/chat/')).toBeUndefined();
    expect(chatSlug('/full/chat/mi%20rai')).toBeUndefined();
    expect(chatSlug('/full/select_chat')).toBeUndefined();
  });

  it('bootSkeleton, a slug, is the exact markup the player fallback renders', () => {
    expect(bootSkeleton('mirai')).toBe(
      '<div class="player player--boot" data-boot-slug="mirai"><div class="player__stage"><img class="player__poster" src="/api/characters/by-slug/mirai/poster" alt="" fetchpriority="high"></div></div>',
    );
  });

  it('pickEncoding, accept-encoding headers, negotiates like the static files', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
  });

  it('renderHomePage, an index.html without an empty #root, gives nothing to serve', () => {
    expect(renderHomePage(INDEX_HTML, '<p>x</p>')).toBe(
      INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><p>x</p></div>'),
    );
    expect(
      renderHomePage(INDEX_HTML.replace('<div id="root"></div>', '<div id="root">x</div>'), '<p>x</p>'),
    ).toBeUndefined();
  });

  it('acceptedLanguages, Accept-Language headers, orders by q (ties in header order) and drops q=0 and *', () => {
    expect(acceptedLanguages('fr;q=0.3, en-GB, *;q=0.1, ja;q=0.8, ko;q=0')).toEqual(['en-GB', 'ja', 'fr']);
    expect(acceptedLanguages('zh-TW,en;q=0.9,en-US;q=0.9')).toEqual(['zh-TW', 'en', 'en-US']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('ChatPages, more slugs than its bound, keeps the most recent ones only', async () => {
    const pages = new ChatPages(() => INDEX_HTML, 3);
    for (const slug of ['a', 'b', 'c', 'a', 'd']) await pages.get(slug, 'identity');

    expect(pages.size).toBe(3);
  });
});

describe('web/public favicons, as committed', () => {
  it('favicon.svg and favicon.ico, read from web/public, are an SVG and an ICO', async () => {
    const svg = await readFile(new URL('../../web/public/favicon.svg', import.meta.url), 'utf8');
    const ico = await readFile(FAVICON_ICO);

    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('#ff7a59');
    expect(ico.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
