import { afterEach, describe, expect, it } from 'vitest';
import { createMediaSigning } from '@talkwith/platform';
import { startFakeProvider, type FakeProvider } from '../../services/identity/src/google/fake-provider.ts';
import {
  buildTestApp,
  cookieValue,
  tokenFromMail,
  uniqueEmail,
  type TestApp,
} from '../../services/identity/src/test-app.ts';

/**
 * Google sign-in's login CSRF and the cookies identity sets, through
 * app.inject() against a fake OpenID provider. The test app's PUBLIC_URL and
 * Google redirect are plain http (http://localhost:3000): every cookie must
 * carry Secure all the same.
 */
let t: TestApp | undefined;
let idp: FakeProvider | undefined;
afterEach(async () => {
  await t?.close();
  await idp?.close();
  t = undefined;
  idp = undefined;
});

async function setup() {
  idp = await startFakeProvider('talkwith-client');
  t = await buildTestApp({
    google: {
      issuer: idp.issuer,
      clientId: 'talkwith-client',
      clientSecret: 's3cret',
      redirectUri: 'http://localhost:3000/api/auth/google/callback',
    },
  });
  return t.app;
}

/** The attacker's own sign-in, approved at the provider: the callback URL they would lure a victim to, and its state. */
async function attackersApprovedCallback(app: TestApp['app']) {
  const start = await app.inject({ method: 'GET', url: '/api/auth/google/login' });
  const approved = await fetch(start.headers.location as string, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') ?? '');
  return { url: `${callback.pathname}${callback.search}`, state: callback.searchParams.get('state') ?? '', start };
}

const setCookies = (header: string | string[] | number | undefined): string[] => [header ?? []].flat().map(String);

describe('identity Google sign-in: planted state cookie', () => {
  it("callback, the victim's browser holding a cookie planted with the attacker's state (old and new cookie name), /google/failure and no session", async () => {
    const app = await setup();
    const attack = await attackersApprovedCallback(app);

    const res = await app.inject({
      method: 'GET',
      url: attack.url,
      cookies: { talkwith_oidc: attack.state, '__Host-talkwith_oidc': attack.state },
    });

    expect(res.headers.location).toBe('/google/failure?reason=verification_failed');
    expect(cookieValue(res.headers['set-cookie'], 'talkwith_rt')).toBeUndefined();
  });

  it('callback, an attacker-chosen state with a matching cookie, /google/failure and no session', async () => {
    const app = await setup();
    const chosen = 'attacker-chosen-state-0123456789abcdef';

    const res = await app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?code=code-1&state=${chosen}`,
      cookies: { talkwith_oidc: chosen, '__Host-talkwith_oidc': chosen },
    });

    expect(res.headers.location).toBe('/google/failure?reason=verification_failed');
  });
});

describe('identity cookies: Secure over http too', () => {
  it('every cookie set by log-in and by the start of a Google sign-in, PUBLIC_URL http, carries Secure and HttpOnly where scripts need not read it', async () => {
    const app = await setup();
    const email = uniqueEmail();
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'Right-pass-1234', gender: 'female', date_of_birth: '1990-04-01' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/email_confirm',
      payload: { token: await tokenFromMail(t!.platform, email, '/email_confirm') },
    });

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: 'Right-pass-1234' },
    });
    const { start } = await attackersApprovedCallback(app);
    const cookies = [...setCookies(login.headers['set-cookie']), ...setCookies(start.headers['set-cookie'])];

    expect(cookies.map((c) => c.split('=')[0])).toEqual([
      'talkwith_rt',
      'talkwith-csrf',
      'talkwith_device',
      '__Host-talkwith_oidc',
    ]);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/; Secure/);
    for (const cookie of cookies.filter((c) => !c.startsWith('talkwith-csrf=')))
      expect(cookie, cookie).toMatch(/; HttpOnly/);
  });

  it('the media cookie catalog sets for priced characters and the console, carries Secure and HttpOnly', () => {
    const signing = createMediaSigning('test-secret-that-is-long-enough-0123456789');

    const cookies = [
      signing.userCookie('user-1', { path: '/files' }),
      signing.userCookie('admin-1', { path: '/files', operator: true }),
    ];

    for (const cookie of cookies) expect(cookie).toMatch(/; HttpOnly; Secure/);
  });
});
