import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const signupBody = (email: string, language?: string) => ({
  email,
  password: 'abcd1234',
  gender: 'female',
  date_of_birth: '2000-04-01',
  ...(language ? { language } : {}),
});

/** A confirmed, signed-in customer: its id and access token. */
async function signedIn(language?: string): Promise<{ id: string; token: string }> {
  const email = uniqueEmail();
  await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email, language) });
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/email_confirm',
    payload: { token: await tokenFromMail(t.platform, email, '/email_confirm') },
  });
  const body = (
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: 'abcd1234' } })
  ).json();
  return { id: body.user.id as string, token: body.accessToken as string };
}

const putLanguage = (language: unknown, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/language',
    payload: { language },
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

describe('interface language', () => {
  it('signup, with language en-US, stores it and announces it in user.registered', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email, 'en-US') });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.language).toBe('en-US');
    expect(await t.platform.store.collection('users').findOne({ email })).toMatchObject({ language: 'en-US' });
    expect((await t.eventsOf('user.registered')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ email, language: 'en-US' }),
    );
  });

  it('signup, without a language, is ja-JP and announces none', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });
    expect(res.json().user.language).toBe('ja-JP');
    const [registered] = (await t.eventsOf('user.registered')).filter(
      (e) => (e.data as { email: string }).email === email,
    );
    expect(registered?.data).not.toHaveProperty('language');
  });

  it('PUT /api/auth/language, signed in, stores the language and publishes user.language_changed', async () => {
    const me = await signedIn();
    const res = await putLanguage('zh-TW', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: me.id, language: 'zh-TW' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(again.json().user.language).toBe('zh-TW');
    expect((await t.eventsOf('user.language_changed')).map((e) => e.data)).toEqual([
      { user_id: me.id, language: 'zh-TW' },
    ]);
  });

  it('PUT /api/auth/language, the language it already has, publishes nothing', async () => {
    const me = await signedIn('fil-PH');
    expect((await putLanguage('fil-PH', me.token)).statusCode).toBe(200);
    await putLanguage('en-US', me.token);
    expect((await t.eventsOf('user.language_changed')).map((e) => e.data)).toEqual([
      { user_id: me.id, language: 'en-US' },
    ]);
  });

  it('PUT /api/auth/language, without a token, 401', async () => {
    const res = await putLanguage('en-US');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false });
  });

  it('PUT /api/auth/language, an unknown language, 400 and nothing changed', async () => {
    const me = await signedIn();
    expect((await putLanguage('fr-FR', me.token)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${me.token}` } })
      ).json().user.language,
    ).toBe('ja-JP');
  });

  it('signup, an unknown language, 400 from the schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(uniqueEmail(), 'xx-XX'),
    });
    expect(res.statusCode).toBe(400);
  });
});
