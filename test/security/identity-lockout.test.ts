import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedAdmin } from '../../services/identity/src/accounts/seed-admin.ts';
import { DEVICE_COOKIE } from '../../services/identity/src/http/cookies.ts';
import {
  buildTestApp,
  cookieValue,
  tokenFromMail,
  uniqueEmail,
  type TestApp,
} from '../../services/identity/src/test-app.ts';

/**
 * Log-in lock-out that an attacker cannot turn against the owner (OWASP,
 * device cookies), through app.inject() on identity's standalone adapters.
 * The limiter's clock and sleep are injected: the 100 s of the attack pass
 * in milliseconds, and a server-side delay advances the clock instead of
 * waiting.
 */
const RIGHT = 'Right-pass-1234';
const OWNER_ADDRESS = '192.0.2.10';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function fakeClock() {
  const start = Date.now();
  let at = start;
  return {
    now: () => at,
    sleep: async (ms: number) => {
      at += ms;
    },
    /** Moves to `ms` after the start (never back: a server-side delay may have moved it further). */
    advanceTo(ms: number) {
      at = Math.max(at, start + ms);
    },
  };
}

const logInFrom = (app: TestApp['app'], username: string, password: string, remoteAddress: string, device?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });

async function customerAccount(app: TestApp): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: RIGHT, gender: 'female', date_of_birth: '1990-04-01' },
  });
  const token = await tokenFromMail(app.platform, email, '/email_confirm');
  await app.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
  return { email, password: RIGHT };
}

async function adminAccount(app: TestApp): Promise<{ email: string; password: string }> {
  const admin = await seedAdmin(app.app.accounts, `admin-${Date.now()}@talkwith.local`);
  if (!admin) throw new Error('an admin already exists');
  return admin;
}

const codes = (replies: LightMyRequestResponse[]) => replies.map((r) => r.statusCode);

describe('identity lock-out: a slow guesser from elsewhere', () => {
  it.each([
    ['customer', customerAccount],
    ['admin', adminAccount],
  ] as const)(
    "login lock-out, %s account, 10 earlier failures then one wrong guess every 15 s for 100 s from ever new addresses, the owner's known device is never refused while a new browser is",
    async (_role, makeAccount) => {
      const clock = fakeClock();
      t = await buildTestApp({ login: { now: clock.now, sleep: clock.sleep } });
      const owner = await makeAccount(t);
      const first = await logInFrom(t.app, owner.email, owner.password, OWNER_ADDRESS);
      const device = cookieValue(first.headers['set-cookie'], DEVICE_COOKIE);
      for (let i = 0; i < 10; i++) await logInFrom(t.app, owner.email, 'wrong-guess-1', `198.51.100.${i}`);

      const ownerReplies: LightMyRequestResponse[] = [];
      const newBrowserReplies: LightMyRequestResponse[] = [];
      const guesses: LightMyRequestResponse[] = [];
      for (let second = 0; second <= 100; second += 5) {
        clock.advanceTo(second * 1000);
        if (second % 15 === 0)
          guesses.push(await logInFrom(t.app, owner.email, `wrong-guess-${second}`, `203.0.113.${second}`));
        else if (second % 15 === 5)
          ownerReplies.push(await logInFrom(t.app, owner.email, owner.password, OWNER_ADDRESS, device));
        else newBrowserReplies.push(await logInFrom(t.app, owner.email, owner.password, `192.0.2.${100 + second}`));
      }

      expect(first.statusCode).toBe(200);
      expect(codes(ownerReplies)).toEqual(ownerReplies.map(() => 200));
      // The account-wide slow-down still works against everyone else: the guesser and a browser the account never saw.
      expect(codes(guesses)).toContain(429);
      expect(codes(newBrowserReplies)).toContain(429);
    },
  );

  it("login lock-out, the device cookie of the attacker's own account presented at the victim's account, not exempt: the guesses are slowed like a stranger's", async () => {
    const clock = fakeClock();
    t = await buildTestApp({ login: { now: clock.now, sleep: clock.sleep } });
    const victim = await customerAccount(t);
    const attacker = await customerAccount(t);
    const own = await logInFrom(t.app, attacker.email, attacker.password, '203.0.113.1');
    const attackerDevice = cookieValue(own.headers['set-cookie'], DEVICE_COOKIE);

    const replies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 20; i++)
      replies.push(await logInFrom(t.app, victim.email, `wrong-guess-${i}`, `203.0.113.${10 + i}`, attackerDevice));

    expect(attackerDevice).toBeTruthy();
    expect(codes(replies).filter((c) => c === 401).length).toBeLessThan(20);
    expect(codes(replies)).toContain(429);
  });

  it("login lock-out, the owner's known device guessing wrong, refused after its own 10 failures", async () => {
    t = await buildTestApp();
    const owner = await customerAccount(t);
    const first = await logInFrom(t.app, owner.email, owner.password, OWNER_ADDRESS);
    const device = cookieValue(first.headers['set-cookie'], DEVICE_COOKIE);

    const replies: LightMyRequestResponse[] = [];
    for (let i = 0; i < 11; i++)
      replies.push(await logInFrom(t.app, owner.email, `wrong-guess-${i}`, `198.18.0.${i}`, device));

    expect(codes(replies).slice(0, 10)).toEqual(Array(10).fill(401));
    expect(replies[10]?.statusCode).toBe(429);
  });
});

describe('identity lock-out: parallel right passwords', () => {
  it('login, 20 parallel log-ins with the right password from 20 addresses, every one gets in and none 429', async () => {
    t = await buildTestApp();
    const owner = await customerAccount(t);
    const app = t.app;

    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => logInFrom(app, owner.email, owner.password, `198.51.100.${i + 1}`)),
    );

    expect(codes(replies).filter((c) => c === 429)).toEqual([]);
    expect(codes(replies)).toEqual(Array(20).fill(200));
  });
});
