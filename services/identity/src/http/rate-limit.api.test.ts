import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../accounts/messages.ts';
import { buildTestApp, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp | undefined;
afterEach(async () => { await t?.close(); });

const attempt = (app: TestApp['app'], username: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'wrong1234' }, headers, remoteAddress });

describe('login rate limit', () => {
  it('login, 11th failure for one account, 429 with rateLimited and the SPEC §8 text', async () => {
    t = await buildTestApp();
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) expect((await attempt(t.app, email, {}, `198.51.100.${i}`)).statusCode).toBe(401);
    const res = await attempt(t.app, email, {}, '198.51.100.99');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ ok: false, rateLimited: true, errorMessage: messages.loginRateLimited });
  });

  it('login, 10 failures from one address over many accounts, next account from that address limited', async () => {
    t = await buildTestApp();
    for (let i = 0; i < 10; i++) await attempt(t.app, uniqueEmail());
    expect((await attempt(t.app, uniqueEmail())).statusCode).toBe(429);
  });

  it('login, forged X-Forwarded-For with no trusted proxy, still limited by the real address', async () => {
    t = await buildTestApp({ trustProxy: false });
    for (let i = 0; i < 10; i++) await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': `10.0.0.${i}` });
    expect((await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(429);
  });

  it('login, forged first hop behind one trusted proxy, limited by the hop the proxy saw', async () => {
    t = await buildTestApp({ trustProxy: 1 });
    // The client forges the left entries; our proxy appends the address it really saw (192.0.2.1).
    for (let i = 0; i < 10; i++) await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': `10.0.0.${i}, 192.0.2.1` }, '127.0.0.1');
    const res = await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': '10.7.7.7, 192.0.2.1' }, '127.0.0.1');
    expect(res.statusCode).toBe(429);
  });
});
