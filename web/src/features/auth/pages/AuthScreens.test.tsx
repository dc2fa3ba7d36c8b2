import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderRoutes, sampleUser } from '../../../test/harness.tsx';
import { EmailConfirmPage } from './EmailConfirmPage.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

/** Issue 9, items 19 and 20: where unconfirmed users end up, the Google button, forms for the logged-in. */
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/email_confirm/:token', element: <EmailConfirmPage /> },
  { path: '/mypage', element: <p>マイページの中身</p> },
  { path: '/full/main_menu', element: <p>メインメニューの中身</p> },
];
const guest = { session: { status: 'guest' as const, accessToken: null, user: null } };
const signedIn = { session: { status: 'authenticated' as const, accessToken: 'tok', user: sampleUser } };

describe('Google button', () => {
  it('LoginPage, Google sign-in not configured, no Google button', async () => {
    fakeServer(() => [200, {}]);
    await renderRoutes(routes, { path: '/login', state: guest });
    await screen.findByRole('button', { name: 'ログイン' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Google でログイン')).toBeNull();
  });

  it('LoginPage, /api/config says Google is on, shows the Google button', async () => {
    fakeServer((call) => [200, call.url === '/api/config' ? { googleSignIn: true } : {}]);
    await renderRoutes(routes, { path: '/login', state: guest });
    expect(await screen.findByText('Google でログイン')).toBeTruthy();
  });
});

describe('logged-in users', () => {
  it('LoginPage, opened while logged in, goes to the redirect target instead of the form', async () => {
    fakeServer(() => [200, {}]);
    const { router } = await renderRoutes(routes, { path: '/login?redirect=%2Ffull%2Fmain_menu', state: signedIn });
    expect(await screen.findByText('メインメニューの中身')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/full/main_menu');
  });

  it('RegisterPage, opened while logged in, goes to my page instead of the form', async () => {
    fakeServer(() => [200, {}]);
    const { router } = await renderRoutes(routes, { path: '/register', state: signedIn });
    expect(await screen.findByText('マイページの中身')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mypage');
  });
});

describe('unconfirmed accounts', () => {
  it('LoginPage, account not confirmed (403), explains and resends the confirmation mail to the typed address', async () => {
    const server = fakeServer((call) =>
      call.url === '/api/auth/login' ? [403, { ok: false, errorMessage: 'server text' }] : [200, { ok: true }],
    );
    await renderRoutes(routes, { path: '/login', state: guest });
    fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: 'hanako@example.jp' } });
    fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'abcdefg1' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));

    fireEvent.click(await screen.findByRole('button', { name: '確認メールを再送信する' }));

    expect(
      await screen.findByText(
        '確認がまだお済みでないアカウントであれば、確認メールをお送りしました。メールをご確認ください。',
      ),
    ).toBeTruthy();
    expect(server.calls.find((c) => c.url === '/api/auth/email_confirm/resend')?.body).toEqual({
      email: 'hanako@example.jp',
    });
  });

  it('EmailConfirmPage, a malformed link (400 on token), a sentence a person understands and a resend form', async () => {
    fakeServer((call) =>
      call.url === '/api/auth/email_confirm'
        ? [
            400,
            {
              ok: false,
              message: '入力内容に誤りがあります: token',
              error: 'Bad Request',
              code: 'VALIDATION_FAILED',
              field: 'token',
            },
          ]
        : [200, {}],
    );
    await renderRoutes(routes, { path: '/email_confirm/short', state: guest });

    const alert = await screen.findByRole('alert');

    expect(alert.textContent).toBe(
      'この確認リンクは無効か、有効期限が切れています。メールのリンクをもう一度開くか、下のフォームから確認メールを再送信してください。',
    );
    expect(screen.queryByText(/入力内容に誤りがあります/)).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: '確認メールを再送信する' })).toBeTruthy());
  });
});
