import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../errors.ts';
import { legacyScryptHash } from '../accounts/password-hash.ts';
import type { UserDoc } from '../accounts/users.ts';
import { buildTestApp, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function registerConfirmed(app: TestApp, email: string, password = 'abcd1234') {
  await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, gender: 'female', date_of_birth: '2000-04-01' },
  });
  const token = await tokenFromMail(app.platform, email, '/email_confirm');
  await app.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
}

const login = (app: TestApp['app'], username: string, password = 'abcd1234') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('password hashing at log-in', () => {
  it('login, a user whose stored hash is the old scrypt scheme, 200 and the hash rewritten as Argon2id', async () => {
    t = await buildTestApp();
    const email = uniqueEmail();
    await registerConfirmed(t, email);
    const users = t.platform.store.collection<UserDoc>('users');
    await users.updateOne(
      { email },
      {
        $set: { passwordHash: await legacyScryptHash('abcd1234', { cost: 2 ** 10, blockSize: 8, parallelization: 1 }) },
      },
    );

    const res = await login(t.app, email);

    expect(res.statusCode).toBe(200);
    const stored = (await users.findOne({ email }))!.passwordHash;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect((await login(t.app, email)).statusCode).toBe(200);
    expect((await login(t.app, email, 'wrong1234')).statusCode).toBe(401);
  });

  it('login, the hash queue full, 503 UNAVAILABLE with the busy message and Retry-After, not counted as a failure', async () => {
    t = await buildTestApp({
      maxFailures: 6,
      hashing: { params: { memory: 19_456, passes: 2, parallelism: 1 }, workers: 1, maxQueue: 0 },
    });
    const email = uniqueEmail();
    const app = t.app;

    const burst = await Promise.all(Array.from({ length: 6 }, () => login(app, email)));

    const shed = burst.filter((r) => r.statusCode === 503);
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(shed).toHaveLength(5);
    expect(shed[0]!.json()).toEqual({
      ok: false,
      code: 'UNAVAILABLE',
      error: 'Service Unavailable',
      message: messages.busy,
    });
    expect(shed[0]!.headers['retry-after']).toBe('1');
    // Shed attempts were released: one real failure so far, so five more guesses are still allowed (limit 6).
    for (let i = 0; i < 5; i++) expect((await login(app, email)).statusCode).toBe(401);
    expect((await login(app, email)).statusCode).toBe(429);
  });
});
