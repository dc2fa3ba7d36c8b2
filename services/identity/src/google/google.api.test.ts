import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, cookieValue, type TestApp } from '../test-app.ts';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';
import { STATE_COOKIE } from './google-routes.ts';
import { safeReturnPath } from './google-signin.ts';

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
  return { app: t.app, idp };
}

/** Starts a sign-in as a browser would and follows the provider's approval: the callback URL and the browser's state cookie. */
async function startAndApprove(app: TestApp['app'], returnTo = '/mypage') {
  const start = await app.inject({
    method: 'GET',
    url: `/api/auth/google/login?redirect=${encodeURIComponent(returnTo)}`,
  });
  const approved = await fetch(start.headers.location as string, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') ?? '');
  return {
    callbackUrl: `${callback.pathname}${callback.search}`,
    stateCookie: cookieValue(start.headers['set-cookie'], STATE_COOKIE),
    start,
  };
}

/** Follows the browser's path: our login route → provider → back to our callback, with the browser's cookie. */
async function signInThroughProvider(app: TestApp['app'], returnTo = '/mypage') {
  const { callbackUrl, stateCookie } = await startAndApprove(app, returnTo);
  return app.inject({ method: 'GET', url: callbackUrl, cookies: stateCookie ? { [STATE_COOKIE]: stateCookie } : {} });
}

describe('Google sign-in', () => {
  it('login, configured provider, redirects with PKCE S256, state and nonce', async () => {
    const { app, idp } = await setup();
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/login' });
    const location = new URL(res.headers.location as string);
    expect(res.statusCode).toBe(302);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
  });

  it('callback, provider approves, new confirmed user with session cookie and /google/success', async () => {
    const { app, idp } = await setup();
    const res = await signInThroughProvider(app, '/full/main_menu');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/google/success?redirect=%2Ffull%2Fmain_menu');
    expect(cookieValue(res.headers['set-cookie'], 'talkwith_rt')).toBeTruthy();
    const user = await t!.platform.store.collection('users').findOne({ email: idp.email });
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it.each([['wrongNonce'], ['wrongAudience'], ['badSignature'], ['unverifiedEmail']] as const)(
    'callback, provider token with %s, /google/failure and no session',
    async (fault) => {
      const { app, idp } = await setup();
      idp.tamper[fault] = true;
      const res = await signInThroughProvider(app);
      expect(res.headers.location).toBe('/google/failure?reason=verification_failed');
      expect(cookieValue(res.headers['set-cookie'], 'talkwith_rt')).toBeUndefined();
    },
  );

  it('callback, the account suspended by an operator, /google/failure suspended and no session', async () => {
    const { app, idp } = await setup();
    await signInThroughProvider(app);
    await t!.platform.store.collection('users').updateOne({ email: idp.email }, { $set: { suspendedAt: new Date() } });

    const res = await signInThroughProvider(app);

    expect(res.headers.location).toBe('/google/failure?reason=suspended');
    expect(cookieValue(res.headers['set-cookie'], 'talkwith_rt')).toBeUndefined();
  });

  it('callback, unknown state, /google/failure', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/callback?code=code-1&state=forged' });
    expect(res.headers.location).toBe('/google/failure?reason=verification_failed');
  });

  it('login, configured provider over http, binds the state to this browser in a __Host- Secure HttpOnly SameSite=Lax cookie that is not the state', async () => {
    const { app } = await setup();
    const { start } = await startAndApprove(app);
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const cookie = String([start.headers['set-cookie']].flat().find((c) => String(c).startsWith(`${STATE_COOKIE}=`)));
    expect(STATE_COOKIE.startsWith('__Host-')).toBe(true);
    expect(cookie).not.toContain(`=${state};`);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/;/);
    expect(cookie).not.toMatch(/Domain=/);
    expect(cookie).toMatch(/Max-Age=600/);
  });

  it('callback, the right cookie presented a second time, /google/failure (single use)', async () => {
    const { app } = await setup();
    const { callbackUrl, stateCookie } = await startAndApprove(app);
    await app.inject({ method: 'GET', url: callbackUrl, cookies: { [STATE_COOKIE]: stateCookie! } });

    const again = await app.inject({ method: 'GET', url: callbackUrl, cookies: { [STATE_COOKIE]: stateCookie! } });

    expect(again.headers.location).toBe('/google/failure?reason=verification_failed');
    expect(cookieValue(again.headers['set-cookie'], 'talkwith_rt')).toBeUndefined();
  });

  it("callback, attacker's callback URL opened in a browser without the state cookie, /google/failure and no session", async () => {
    const { app } = await setup();
    const { callbackUrl } = await startAndApprove(app);

    const res = await app.inject({ method: 'GET', url: callbackUrl });

    expect(res.headers.location).toBe('/google/failure?reason=verification_failed');
    expect(cookieValue(res.headers['set-cookie'], 'talkwith_rt')).toBeUndefined();
  });

  it("callback, another browser's state cookie, /google/failure and no session", async () => {
    const { app } = await setup();
    const attacker = await startAndApprove(app);
    const victim = await startAndApprove(app);

    const res = await app.inject({
      method: 'GET',
      url: attacker.callbackUrl,
      cookies: { [STATE_COOKIE]: victim.stateCookie! },
    });

    expect(res.headers.location).toBe('/google/failure?reason=verification_failed');
    expect(cookieValue(res.headers['set-cookie'], 'talkwith_rt')).toBeUndefined();
  });

  it('login, Google not configured, /google/failure not_configured', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/login' });
    expect(res.headers.location).toBe('/google/failure?reason=not_configured');
  });

  it('safeReturnPath, foreign or protocol-relative target, falls back to /mypage', () => {
    expect(safeReturnPath('https://evil.example')).toBe('/mypage');
    expect(safeReturnPath('//evil.example')).toBe('/mypage');
    expect(safeReturnPath('/full/main_menu')).toBe('/full/main_menu');
  });
});
