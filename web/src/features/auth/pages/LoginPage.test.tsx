import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { fakeServer, renderRoutes, sampleUser } from '../../../test/harness.tsx';
import { LoginPage } from './LoginPage.tsx';

const routes = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/mypage',
    element: (
      <RequireAuth>
        <p>マイページの中身</p>
      </RequireAuth>
    ),
  },
  { path: '/password_change', element: <p>パスワード変更ページ</p> },
];

function fillAndSubmit(password = 'abcdefg1') {
  fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: 'hanako@example.jp' } });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
}

describe('LoginPage', () => {
  it('LoginPage, answered 429, shows the Japanese too-many-attempts text', async () => {
    fakeServer(() => [429, { ok: false, rateLimited: true, errorMessage: 'server text' }]);
    await renderRoutes(routes, {
      path: '/login',
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });
    fillAndSubmit();
    expect(
      await screen.findByText('ログインの試行回数が多すぎます。しばらく時間をおいてから再度お試しください。'),
    ).toBeTruthy();
  });

  it('LoginPage, wrong password, shows the server errorMessage', async () => {
    fakeServer(() => [401, { ok: false, errorMessage: 'メールアドレスまたはパスワードが正しくありません。' }]);
    await renderRoutes(routes, {
      path: '/login',
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });
    fillAndSubmit('wrongpass1');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'メールアドレスまたはパスワードが正しくありません。',
    );
  });

  it('RequireAuth, for a guest, sends to /login and back to the page after logging in', async () => {
    const server = fakeServer(() => [200, { ok: true, accessToken: 'tok', user: sampleUser }]);
    const { router } = await renderRoutes(routes, {
      path: '/mypage',
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fmypage');
    fillAndSubmit();
    expect(await screen.findByText('マイページの中身')).toBeTruthy();
    expect(server.calls.find((c) => c.url === '/api/auth/login')).toMatchObject({
      body: { username: 'hanako@example.jp', password: 'abcdefg1' },
    });
  });

  it('LoginPage, the server says a password change is required, goes to the change-password page instead of the redirect', async () => {
    fakeServer(() => [200, { ok: true, accessToken: 'tok', user: sampleUser, passwordChangeRequired: true }]);
    const { router } = await renderRoutes(routes, {
      path: '/login?redirect=%2Fmypage',
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });

    fillAndSubmit();

    expect(await screen.findByText('パスワード変更ページ')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/password_change');
  });

  it('LoginPage, with a foreign redirect, returns to /mypage instead', async () => {
    fakeServer(() => [200, { ok: true, accessToken: 'tok', user: sampleUser }]);
    const { router } = await renderRoutes(routes, {
      path: '/login?redirect=%2F%2Fevil.example',
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });
    fillAndSubmit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mypage'));
  });
});
