import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { buildTestApp, tokenFromMail, uniqueEmail, type TestApp } from '../test-app.ts';

/** Issue 9, item 14: sign-up, e-mail change and password reset say nothing about which addresses exist. */
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const signupBody = (email: string) => ({ email, password: 'abcd1234', gender: 'female', date_of_birth: '2000-04-01' });
const signup = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });

async function confirmedUser() {
  const email = uniqueEmail();
  await signup(email);
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/email_confirm',
    payload: { token: await tokenFromMail(t.platform, email, '/email_confirm') },
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: 'abcd1234' },
  });
  return { email, auth: { authorization: `Bearer ${login.json().accessToken as string}` } };
}

/** The parts of an answer that may differ between two sign-ups of fresh addresses (a nickname not chosen is the address's part before @). */
function shape(res: { statusCode: number; json(): { user?: Record<string, unknown> } & Record<string, unknown> }) {
  const body = res.json();
  const { id, email, created_at, nickname, ...user } = body.user ?? {};
  return {
    status: res.statusCode,
    body: {
      ...body,
      user: { ...user, id: typeof id, email: typeof email, created_at: typeof created_at, nickname: typeof nickname },
    },
  };
}

describe('enumeration', () => {
  it('signup, taken address, the same answer as for a free one and no second account', async () => {
    const owner = await confirmedUser();

    const taken = await signup(owner.email);
    const free = await signup(uniqueEmail());

    expect(shape(taken)).toEqual(shape(free));
    expect(taken.json().user.email).toBe(owner.email);
    expect(taken.json().user.nickname).toBe(owner.email.split('@')[0]);
    expect(await t.platform.store.collection('users').countDocuments({ email: owner.email })).toBe(1);
  });

  it('signup, taken address, its owner is mailed that someone tried', async () => {
    const owner = await confirmedUser();

    await signup(owner.email);

    const [mail] = await t.platform.mail.recent({ to: owner.email, limit: 1 });
    expect(mail?.subject).toBe('【TALK WITH】新規登録のお申し込みについて');
    expect(mail?.text).toContain('すでに登録されています');
    expect(mail?.text).not.toContain('/email_confirm/');
  });

  it('signup, taken address never confirmed, the owner gets a working confirmation link', async () => {
    const email = uniqueEmail();
    await signup(email);

    await signup(email);
    const [mail] = await t.platform.mail.recent({ to: email, limit: 1 });
    const token = /\/email_confirm\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });

    expect(mail?.subject).toBe('【TALK WITH】新規登録のお申し込みについて');
    expect(confirmed.json().user.email_confirmed).toBe(true);
  });

  it('email_change, taken address, 200 as for a free one and its owner gets a notice, not a link', async () => {
    const owner = await confirmedUser();
    const asker = await confirmedUser();

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email_change',
      headers: asker.auth,
      payload: { new_email: owner.email, password: 'abcd1234' },
    });
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email_change',
      headers: asker.auth,
      payload: { new_email: uniqueEmail(), password: 'abcd1234' },
    });

    expect([taken.statusCode, taken.json()]).toEqual([free.statusCode, free.json()]);
    const [mail] = await t.platform.mail.recent({ to: owner.email, limit: 1 });
    expect(mail?.subject).toBe('【TALK WITH】メールアドレス変更のお申し込みについて');
    expect(mail?.text).not.toContain('/email_confirm/');
  });

  it('password_reset request, known and unknown address, the same answer; the mail is sent after it', async () => {
    const known = await confirmedUser();

    const forKnown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_reset',
      payload: { email: known.email },
    });
    const forUnknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_reset',
      payload: { email: uniqueEmail() },
    });

    expect([forKnown.statusCode, forKnown.body]).toEqual([forUnknown.statusCode, forUnknown.body]);
    await eventually(async () =>
      (await t.platform.mail.recent({ to: known.email, limit: 1 }))[0]?.subject.includes('パスワードの再設定'),
    );
  });
});
