import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

/** A language's index.html as the web build writes it (web/vite.config.ts): its own entry chunk. */
const indexHtml = (entry: string) =>
  '<!doctype html><html lang="ja"><head><meta charset="UTF-8" /><title>TALK WITH</title>' +
  `<script type="module" crossorigin src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`;
const PAGES: Record<string, { file: string; entry: string; home: string }> = {
  'ja-JP': { file: 'index.html', entry: 'index-ja1', home: '<h1>声で話そう</h1>' },
  'en-US': { file: 'index.en-US.html', entry: 'index-en2', home: '<h1>Talk by voice</h1>' },
  'fil-PH': { file: 'index.fil-PH.html', entry: 'index-fil3', home: '<h1>Makipag-usap</h1>' },
  'zh-TW': { file: 'index.zh-TW.html', entry: 'index-zh4', home: '<h1>用聲音聊天</h1>' },
};
const entryOf = (language: string) => `<script type="module" crossorigin src="/assets/${PAGES[language]!.entry}.js">`;

/** A build with one client per interface language: each page with its .br and .gz; with the top page's markup or not. */
async function writeLanguageBuild(dist: string, withHomeMarkup: boolean): Promise<void> {
  await mkdir(join(dist, 'boot'), { recursive: true });
  for (const [language, { file, entry, home }] of Object.entries(PAGES)) {
    const html = indexHtml(entry);
    await writeFile(join(dist, file), html);
    await writeFile(join(dist, `${file}.br`), brotliCompressSync(html));
    await writeFile(join(dist, `${file}.gz`), gzipSync(html));
    if (withHomeMarkup) await writeFile(join(dist, 'boot', `home.${language}.html`), home);
  }
}

function expectLanguagePageHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-type']).toMatch(/^text\/html/);
  expect(headers['cache-control']).toBe('no-cache');
  expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  const vary = String(headers.vary).toLowerCase().split(/,\s*/);
  expect(vary).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']));
}

describe('web client, one build per interface language', () => {
  let gw: TestGateway;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'gateway-web-languages-'));
    await writeLanguageBuild(dist, true);
    gw = await startTestGateway({}, { webDist: dist });
  });
  afterAll(async () => {
    await gw?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });
  const page = (url: string, headers: Record<string, string> = {}) =>
    gw.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it.each(['/', '/full/chat/mirai', '/login'])(
    '%s, no language cookie nor Accept-Language, loads the ja-JP build',
    async (url) => {
      const res = await page(url);

      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(entryOf('ja-JP'));
      expectLanguagePageHeaders(res.headers);
    },
  );

  it.each([
    ['/', 'en-US', { 'accept-language': 'en-US,en;q=0.9' }],
    ['/full/chat/mirai', 'zh-TW', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' }],
    ['/login', 'fil-PH', { 'accept-language': 'fil' }],
    ['/', 'fil-PH', { 'accept-language': 'en-US', cookie: 'talkwith-lang=fil-PH' }],
    ['/full/chat/mirai', 'en-US', { 'accept-language': 'zh-TW', cookie: 'talkwith-csrf=x; talkwith-lang=en-US' }],
    ['/login', 'zh-TW', { 'accept-language': 'en-US', cookie: 'talkwith-lang=zh-TW' }],
  ])('%s, asking for %s (cookie, else Accept-Language), loads that build', async (url, language, headers) => {
    const res = await page(url, headers);

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(entryOf(language));
    for (const other of Object.keys(PAGES).filter((name) => name !== language))
      expect(res.body).not.toContain(entryOf(other));
    expectLanguagePageHeaders(res.headers);
  });

  it("/, Accept-Language en-US, has the English markup in the English build's page", async () => {
    const res = await page('/', { 'accept-language': 'en-US' });

    expect(res.body).toContain(`<div id="root">${PAGES['en-US']!.home}</div>`);
    expect(res.body).toContain('<html lang="en-US">');
  });

  it('/full/chat/mirai, Accept-Language zh-TW, is the player page (boot poster, preloads) of the zh-TW build', async () => {
    const res = await page('/full/chat/mirai', { 'accept-language': 'zh-TW' });

    expect(res.headers.link).toContain('</api/characters/by-slug/mirai/poster>; rel=preload; as=image');
    expect(res.body).toContain('data-boot-slug="mirai"');
    expect(res.body).toContain(entryOf('zh-TW'));
  });

  it('/full/chat/mirai, the same slug in two languages, gives each its own page and ETag', async () => {
    const ja = await page('/full/chat/mirai', { 'accept-encoding': 'br' });
    const en = await page('/full/chat/mirai', { 'accept-encoding': 'br', 'accept-language': 'en-US' });

    expect(brotliDecompressSync(ja.rawPayload).toString()).toContain(entryOf('ja-JP'));
    expect(brotliDecompressSync(en.rawPayload).toString()).toContain(entryOf('en-US'));
    expect(en.headers.etag).not.toBe(ja.headers.etag);
  });

  it("/login, Accept-Language en-US and gzip, sends the English build's precompressed page", async () => {
    const res = await page('/login', { 'accept-language': 'en-US', 'accept-encoding': 'gzip' });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(indexHtml(PAGES['en-US']!.entry));
    expectLanguagePageHeaders(res.headers);
  });
});

describe('web client, one build per interface language, without the top page markup', () => {
  let gw: TestGateway;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'gateway-web-languages-plain-'));
    await writeLanguageBuild(dist, false);
    gw = await startTestGateway({}, { webDist: dist });
  });
  afterAll(async () => {
    await gw?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it("/, Accept-Language zh-TW, is the zh-TW build's plain page", async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'zh-TW' } });

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(indexHtml(PAGES['zh-TW']!.entry));
    expectLanguagePageHeaders(res.headers);
  });
});
