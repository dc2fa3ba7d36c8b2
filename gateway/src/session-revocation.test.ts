import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestGateway, type TestGateway } from './test-gateway.ts';

/**
 * Session revocation across services (issue 9, item 8): identity bumps the
 * user's session version and every service (here billing, behind the edge's
 * own check) refuses the old access token at once.
 */
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

const PASSWORD = 'Passw0rd!x';
let n = 0;

async function signedIn() {
  n += 1;
  const email = `revoke${Date.now()}${n}@example.jp`;
  await gw.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: PASSWORD, gender: 'female', date_of_birth: '1990-04-01' },
  });
  const [mail] = await gw.platform.mail.recent({ to: email, limit: 1 });
  const token = /\/email_confirm\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  await gw.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
  const login = await gw.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: PASSWORD },
  });
  const cookies = Object.fromEntries(
    [login.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]!.split('=') as [string, string]),
  );
  const auth = { authorization: `Bearer ${login.json().accessToken as string}` };
  // The wallet is opened by billing's consumer of user.registered.
  await eventually(
    async () => (await gw.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: auth })).statusCode === 200,
  );
  return { auth, cookies, csrf: { 'x-csrf-token': cookies['talkwith-csrf'] as string } };
}

const wallet = (auth: Record<string, string>) =>
  gw.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: auth });

describe('session revocation through the gateway', () => {
  it('billing wallet, after log-out, 401 for the old access token', async () => {
    const user = await signedIn();

    await gw.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: user.cookies, headers: user.csrf });

    expect((await wallet(user.auth)).statusCode).toBe(401);
  });

  it('billing wallet, after a password change, 401 for the old access token', async () => {
    const user = await signedIn();
    const me = (await gw.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth })).json().user
      .id as string;

    const changed = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/password_change',
      headers: user.auth,
      payload: { currentPassword: PASSWORD, newPassword: 'Changed123', user_id: me },
    });

    expect(changed.statusCode).toBe(200);
    expect((await wallet(user.auth)).statusCode).toBe(401);
  });

  it('billing wallet, after account deletion, 401 for the old access token', async () => {
    const user = await signedIn();

    const deleted = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/account/delete',
      headers: user.auth,
      payload: { password: PASSWORD },
    });

    expect(deleted.statusCode).toBe(200);
    expect((await wallet(user.auth)).statusCode).toBe(401);
  });
});
