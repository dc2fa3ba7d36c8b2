import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrlRewriter } from './admin-prefix.ts';
import { startTestGateway, TEST_ADMIN_PREFIX, type TestGateway } from './test-gateway.ts';

let gw: TestGateway;
let port: number;
beforeAll(async () => {
  gw = await startTestGateway();
  port = Number(new URL(await gw.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await gw?.close();
});

/** A GET with the path sent byte for byte (no client-side normalisation). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Spellings of /api/admin/users that are not the secret prefix. */
const BYPASSES = [
  '/api/admin/users',
  '/api/%61dmin/users',
  '/api/%2561dmin/users',
  '/api/%252561dmin/users',
  '/api/ADMIN/users',
  '/api/Admin/users',
  '/API/admin/users',
  '/api//admin/users',
  '//api/admin/users',
  '/api/./admin/users',
  '/api/%2e/admin/users',
  '/api/x/../admin/users',
  '/api/x/%2e%2e/admin/users',
  '/api/admin;jsessionid=1/users',
  '/api;x=1/admin/users',
  '/api/admin./users',
  '/api/admin../users',
  '/api/admin%2e/users',
  '/api/admin%20/users',
  '/api%2fadmin/users',
  '/api/admin%2fusers',
  '/api/admin',
  '/api/admin?x=1',
  `/api/${TEST_ADMIN_PREFIX}/%2e%2e/%2e%2e/api/admin/users`,
  `/api/${TEST_ADMIN_PREFIX}/../admin/users`,
];

describe('admin prefix', () => {
  it.each(BYPASSES)('admin prefix, %s with an admin token, answers 404', async (path) => {
    const res = await get(path, { authorization: `Bearer ${gw.tokenFor('a1', ['admin'])}` });
    expect(res.status).toBe(404);
  });

  it.each(BYPASSES)('admin prefix, %s without a token, answers 404 (not 401/403)', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
  });

  it('admin prefix, the secret prefix with an admin token, reaches the admin route', async () => {
    const res = await get(`/api/${TEST_ADMIN_PREFIX}/users`, {
      authorization: `Bearer ${gw.tokenFor('a1', ['admin'])}`,
    });
    expect(res.status).toBe(200);
  });

  it('adminUrlRewriter, ordinary paths that merely contain "admin", leaves them alone', () => {
    const rewrite = adminUrlRewriter(TEST_ADMIN_PREFIX);
    const at = (url: string) => rewrite?.({ url } as never);
    expect(at('/api/administrators')).toBe('/api/administrators');
    expect(at('/api/characters/admin')).toBe('/api/characters/admin');
    expect(at('/files/api/admin/x.mp4')).toBe('/files/api/admin/x.mp4');
  });
});
