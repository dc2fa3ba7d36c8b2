import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, contentSecurityPolicy, htmlHeaders } from './security-headers.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

/** What helmet sent on every answer and the lean set leaves to HTML. */
const BROWSER_ONLY = [
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
];
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

let gw: TestGateway;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'gateway-web-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  gw = await startTestGateway({}, { webDist: dist });
});
afterAll(async () => {
  await gw?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

function expectPageHeaders(headers: Record<string, unknown>): void {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(headers['permissions-policy']).toContain('microphone=(self)');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers, web client HTML', () => {
  it('web client, GET / (index.html), carries the page CSP, Permissions-Policy and no-cache', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectPageHeaders(res.headers);
  });

  it('web client, GET /index.html, carries the page CSP, Permissions-Policy and no-cache', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/index.html' });

    expect(res.statusCode).toBe(200);
    expectPageHeaders(res.headers);
  });

  it('web client, SPA route /full/chat/mirai opened by a browser, carries the page CSP, Permissions-Policy and no-cache', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/full/chat/mirai',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expectPageHeaders(res.headers);
  });

  it('web client, hashed asset under /assets, is cached for a year as immutable', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers, JSON', () => {
  it('API, authenticated JSON (Bearer token), gets the lean set with no-store and none of the browser-only headers', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { authorization: `Bearer ${gw.tokenFor('u-headers')}` },
    });

    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': JSON_CSP,
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
    for (const name of BROWSER_ONLY) expect(res.headers[name], name).toBeUndefined();
  });

  it('API, request with a session cookie answered with an error, gets no-store and nosniff', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: 'talkwith_rt=forged' },
    });

    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(JSON_CSP);
  });

  it('health, GET /healthz, is JSON with nosniff and the JSON CSP', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/healthz' });

    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(JSON_CSP);
  });

  it('API, unknown route, answers the JSON 404 with the lean set', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });

    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['permissions-policy']).toBeUndefined();
  });
});

describe('security headers, policy by configuration', () => {
  it('page policy, files on a CDN and analytics configured, allows exactly those origins', () => {
    const options = { filesPublicBaseUrl: 'https://cdn.example.com/files', analytics: true };

    const csp = contentSecurityPolicy(options);

    expect(csp).toMatch(/media-src 'self' blob: https:\/\/cdn\.example\.com(;|$)/);
    expect(csp).toMatch(/script-src 'self' https:\/\/\*\.googletagmanager\.com;/);
    expect(csp).not.toContain('/files');
  });

  it("page policy, the card provider's token API configured, lets the card form post to its origin only", () => {
    const csp = contentSecurityPolicy({ paymentTokenUrl: 'https://api.veritrans.co.jp/4gtoken' });

    expect(csp).toContain("connect-src 'self' https://api.veritrans.co.jp;");
    expect(csp).toMatch(/script-src 'self';/);
  });

  it('page policy, nothing configured, allows only this origin', () => {
    const csp = contentSecurityPolicy({});

    expect(csp).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
  });

  it('header sets, https public URL, add HSTS to both and upgrade-insecure-requests to the page', () => {
    const options = { publicUrl: 'https://talkwith.example' };

    const [api, html] = [apiHeaders(options), htmlHeaders(options)];

    expect(api['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(html['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(html['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(apiHeaders({ publicUrl: 'http://localhost:3000' })['strict-transport-security']).toBeUndefined();
  });
});
