import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, TEST_ADMIN_PREFIX, type TestGateway } from './test-gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

describe('gateway, bad input', () => {
  it('gateway, malformed JSON to a service route, answers 400 MALFORMED_JSON', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'MALFORMED_JSON' });
  });

  it('gateway, unknown API route, answers 404 JSON', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('gateway, body over 1 MiB, answers 413', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'a@b.jp', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('gateway, signup body with a bad field, answers 400 naming it', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'a@b.jp', password: 'Passw0rd!', gender: 'male', date_of_birth: 'yesterday' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field: 'date_of_birth' });
  });

  it('gateway, forged Bearer token, is refused at the edge with 401', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/billing/wallet',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });
});

describe('gateway, health and docs', () => {
  it('gateway, /healthz, answers ok', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('gateway, /readyz with embedded adapters, reports every port ok', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().checks).sort()).toEqual(['bus', 'cache', 'files', 'jobs', 'mail', 'search', 'store']);
  });

  it('gateway, /readyz with a dead store, answers 503', async () => {
    const local = await startTestGateway();
    local.platform.store.ping = async () => {
      throw new Error('store down');
    };
    const res = await local.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.store).toBe('store down');
    await local.close();
  });

  it('gateway, /readyz with a dead cache, stays 200 and reports it (the calls that need the cache answer 503 themselves)', async () => {
    const local = await startTestGateway();
    await local.platform.cache.close();
    local.platform.cache.ping = async () => {
      throw new Error('cache down');
    };
    const res = await local.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.cache).toBe('cache down');
    await local.close();
  });

  it('gateway, OpenAPI document, lists every documented route', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    // WebSocket upgrades (the socket, the STT stream) are not HTTP operations OpenAPI can describe; their frames are documented in proto/.
    const routes = gw.app.routeTable.filter(
      (r) => r.documented && !r.websocket && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
    );
    expect(gw.app.routeTable.filter((r) => r.websocket).map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/socketio/new', '/api/dialogue/stt']),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      expect(paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('gateway, every header a route schema names, is written in lower case (the lazy compilers do not lower-case)', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operations = Object.values(res.json().paths as Record<string, Record<string, { parameters?: unknown[] }>>)
      .flatMap((path) => Object.values(path))
      .flatMap((operation) => (operation.parameters ?? []) as { in: string; name: string }[]);

    const headerNames = operations.filter((p) => p.in === 'header').map((p) => p.name);

    expect(headerNames).toContain('idempotency-key');
    expect(headerNames.filter((name) => name !== name.toLowerCase())).toEqual([]);
  });

  it('gateway, response, echoes the request id', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'req-42' } });
    expect(res.headers['x-request-id']).toBe('req-42');
  });
});

describe('gateway, admin path prefix', () => {
  it('gateway, direct /api/admin path, answers 404', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/admin/logs/filter',
      payload: {},
      headers: { authorization: `Bearer ${gw.tokenFor('a1', ['admin'])}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('gateway, secret prefix path with an admin token, reaches the admin route', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: `/api/${TEST_ADMIN_PREFIX}/logs/filter`,
      payload: {},
      headers: { authorization: `Bearer ${gw.tokenFor('a1', ['admin'])}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('gateway, secret prefix path with a customer token, answers 403', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: `/api/${TEST_ADMIN_PREFIX}/logs/filter`,
      payload: {},
      headers: { authorization: `Bearer ${gw.tokenFor('u1')}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('gateway, web client', () => {
  it('gateway /api/config, for an admin, tells the secret admin prefix; for others, nothing', async () => {
    const asAdmin = await gw.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { authorization: `Bearer ${gw.tokenFor('a1', ['admin'])}` },
    });
    const asCustomer = await gw.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { authorization: `Bearer ${gw.tokenFor('u1')}` },
    });
    const anonymous = await gw.app.inject({ method: 'GET', url: '/api/config' });
    expect(asAdmin.json()).toEqual({ adminPath: TEST_ADMIN_PREFIX, adminApiBase: `/api/${TEST_ADMIN_PREFIX}` });
    expect(asCustomer.json()).toEqual({});
    expect(anonymous.json()).toEqual({});
  });

  it('gateway without a web build, at /, says the client is not built', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });

  it('gateway with a web build, client route, falls back to index.html', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root">spa</div>');
    await writeFile(join(dist, 'app.js'), 'console.log(1)');
    const local = await startTestGateway({}, { webDist: dist });
    const page = await local.app.inject({ method: 'GET', url: '/characters/42', headers: { accept: 'text/html,*/*' } });
    const asset = await local.app.inject({ method: 'GET', url: '/app.js' });
    const api = await local.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    const json = await local.app.inject({
      method: 'GET',
      url: '/characters/42',
      headers: { accept: 'application/json' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('spa');
    expect(asset.body).toBe('console.log(1)');
    expect(api.statusCode).toBe(404);
    expect(json.statusCode).toBe(404);
    await local.close();
    await rm(dist, { recursive: true, force: true });
  });
});
