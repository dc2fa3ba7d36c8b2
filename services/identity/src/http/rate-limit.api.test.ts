import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../errors.ts';
import { seedAdmin } from '../accounts/seed-admin.ts';
import { buildTestApp, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const attempt = (
  app: TestApp['app'],
  username: string,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.7',
  password = 'wrong1234',
) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers, remoteAddress });

async function registerConfirmed(app: TestApp, email: string, password = 'right1234') {
  await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, gender: 'female', date_of_birth: '2000-04-01' },
  });
  const token = await tokenFromMail(app.platform, email, '/email_confirm');
  await app.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
}

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('login rate limit: per (account, address)', () => {
  it('login, 200 concurrent wrong guesses and then the right password from one address at one account, at most maxFailures reach the hash and the rest 429', async () => {
    t = await buildTestApp();
    const email = uniqueEmail();
    await registerConfirmed(t, email);
    const app = t.app;

    const burst = await Promise.all([
      ...Array.from({ length: 200 }, () => attempt(app, email)),
      attempt(app, email, {}, '203.0.113.7', 'right1234'),
    ]);
    const after = await attempt(app, email, {}, '203.0.113.7', 'right1234');

    const codes = statuses(burst);
    expect(count(codes, 401)).toBeLessThanOrEqual(10);
    expect(count(codes, 401) + count(codes, 429)).toBe(201);
    expect(codes.at(-1)).toBe(429);
    expect(after.statusCode).toBe(429);
    expect(after.json()).toEqual({ ok: false, rateLimited: true, errorMessage: messages.loginRateLimited });
  });
});

describe('login rate limit: per account, progressive delay instead of a lock', () => {
  const slow = { baseDelayMs: 100, maxDelayMs: 1000, maxWaitMs: 250 };

  it('login, 10 failures on an account from 10 addresses, the right password from a clean address gets in after the delay', async () => {
    t = await buildTestApp({ login: slow });
    const email = uniqueEmail();
    await registerConfirmed(t, email);
    for (let i = 0; i < 10; i++) expect((await attempt(t.app, email, {}, `198.51.100.${i}`)).statusCode).toBe(401);

    const started = performance.now();
    const res = await attempt(t.app, email, {}, '192.0.2.200', 'right1234');

    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('login, guesses at one account from ever new addresses past 10 failures, each waits longer until 429 with the §8 text', async () => {
    t = await buildTestApp({ login: slow });
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) await attempt(t.app, email, {}, `198.51.100.${i}`);

    const timed = async (address: string) => {
      const started = performance.now();
      const res = await attempt(t!.app, email, {}, address);
      return { status: res.statusCode, ms: performance.now() - started, body: res.json() };
    };
    const first = await timed('198.51.100.101'); // waits 100 ms
    const second = await timed('198.51.100.102'); // waits 200 ms
    const third = await timed('198.51.100.103'); // would wait 400 ms > maxWait

    expect(first).toMatchObject({ status: 401 });
    expect(first.ms).toBeGreaterThanOrEqual(90);
    expect(second).toMatchObject({ status: 401 });
    expect(second.ms).toBeGreaterThanOrEqual(190);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ ok: false, rateLimited: true, errorMessage: messages.loginRateLimited });
  });

  it('login, 100 concurrent guesses at one account from 100 addresses, only the free failures and a few delayed ones reach the hash', async () => {
    t = await buildTestApp({ login: slow });
    const email = uniqueEmail();
    const app = t.app;

    const codes = statuses(
      await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(app, email, {}, `198.18.0.${i}`))),
    );

    // 10 free, then delays of 100 and 200 ms fit in maxWait (250 ms); 400 ms does not.
    expect(count(codes, 401)).toBeGreaterThanOrEqual(10);
    expect(count(codes, 401)).toBeLessThanOrEqual(12);
    expect(count(codes, 401) + count(codes, 429)).toBe(100);
  });
});

describe('login rate limit: per address', () => {
  it('login, a customer fails 10 times on their account, the admin logging in from the same address gets in', async () => {
    t = await buildTestApp();
    const admin = await seedAdmin(t.app.accounts, `admin-${Date.now()}@talkwith.local`);
    const customer = uniqueEmail();
    await registerConfirmed(t, customer);
    for (let i = 0; i < 10; i++) expect((await attempt(t.app, customer)).statusCode).toBe(401);

    const customerAgain = await attempt(t.app, customer);
    const res = await attempt(t.app, admin!.email, {}, '203.0.113.7', admin!.password);

    expect(customerAgain.statusCode).toBe(429);
    expect(res.statusCode).toBe(200);
  });

  it('login, 50 failures from one address over many accounts, the next account from that address 429', async () => {
    t = await buildTestApp();
    for (let i = 0; i < 50; i++) expect((await attempt(t.app, uniqueEmail())).statusCode).toBe(401);
    expect((await attempt(t.app, uniqueEmail())).statusCode).toBe(429);
    expect((await attempt(t.app, uniqueEmail(), {}, '203.0.113.8')).statusCode).toBe(401);
  });

  it('login, forged X-Forwarded-For with no trusted proxy, still limited by the real address', async () => {
    t = await buildTestApp({ trustProxy: false, login: { maxFailuresPerAddress: 10 } });
    for (let i = 0; i < 10; i++) await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': `10.0.0.${i}` });
    expect((await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(429);
  });

  it('login, forged first hop behind one trusted proxy, limited by the hop the proxy saw', async () => {
    t = await buildTestApp({ trustProxy: 1, login: { maxFailuresPerAddress: 10 } });
    // The client forges the left entries; our proxy appends the address it really saw (192.0.2.1).
    for (let i = 0; i < 10; i++)
      await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': `10.0.0.${i}, 192.0.2.1` }, '127.0.0.1');
    const res = await attempt(t.app, uniqueEmail(), { 'x-forwarded-for': '10.7.7.7, 192.0.2.1' }, '127.0.0.1');
    expect(res.statusCode).toBe(429);
  });
});
