import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderRoutes, sampleUser } from '../../../test/harness.tsx';
import { EmailConfirmPage } from './EmailConfirmPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/email_confirm', element: <EmailConfirmPage /> },
  { path: '/email_confirm/:token', element: <EmailConfirmPage /> },
];

function fill(password: string) {
  fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: 'taro@example.jp' } });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: password } });
  fireEvent.click(screen.getByLabelText('男性'));
  fireEvent.change(screen.getByLabelText('生年月日'), { target: { value: '1999-12-31' } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
}

describe('RegisterPage', () => {
  it('RegisterPage, password without a digit, names the broken rule and sends nothing', async () => {
    const server = fakeServer(() => [201, {}]);
    await renderRoutes(routes, { path: '/register' });
    fill('onlyletters');
    expect(screen.getByText('英字と数字をそれぞれ1文字以上含めてください')).toBeTruthy();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'パスワードが条件を満たしていません。');
    expect(server.calls).toHaveLength(0);
  });

  it('RegisterPage, valid form, posts email/password/gender/date_of_birth and shows where the mail went', async () => {
    const server = fakeServer(() => [201, { ok: true, user: sampleUser }]);
    const { router } = await renderRoutes(routes, { path: '/register' });
    fill('secret123');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/email_confirm'));
    expect(server.calls[0]).toMatchObject({
      url: '/api/auth/signup', method: 'POST',
      body: { email: 'taro@example.jp', password: 'secret123', gender: 'male', date_of_birth: '1999-12-31' },
    });
    expect(await screen.findByText('taro@example.jp に確認メールを送信しました。')).toBeTruthy();
  });

  it('EmailConfirmPage, with a token, posts it exactly once and shows success', async () => {
    const server = fakeServer(() => [200, { ok: true, user: sampleUser }]);
    await renderRoutes(routes, { path: '/email_confirm/abcdefghijklmnopqrstuvwxyz' });
    expect(await screen.findByText('メールアドレスの確認が完了しました。')).toBeTruthy();
    expect(server.calls).toEqual([expect.objectContaining({ url: '/api/auth/email_confirm', body: { token: 'abcdefghijklmnopqrstuvwxyz' } })]);
  });
});
