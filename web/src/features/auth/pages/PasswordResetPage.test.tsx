import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderRoutes } from '../../../test/harness.tsx';
import { PasswordResetPage } from './PasswordResetPage.tsx';

const routes = [{ path: '/password_reset/:token', element: <PasswordResetPage /> }];
const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789';

describe('PasswordResetPage', () => {
  it('PasswordResetPage, a used or expired link, says so on load and asks for no new password', async () => {
    const server = fakeServer(() => [
      400,
      {
        ok: false,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'リンクが無効か、有効期限が切れています。',
      },
    ]);

    await renderRoutes(routes, { path: `/password_reset/${TOKEN}` });

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByLabelText('新しいパスワード')).toBeNull();
    expect(screen.getByLabelText('メールアドレス')).toBeTruthy();
    expect(server.calls[0]).toMatchObject({
      url: '/api/auth/password_reset/check',
      method: 'POST',
      body: { token: TOKEN },
    });
  });

  it('PasswordResetPage, a good link, shows the new-password form once checked', async () => {
    fakeServer(() => [200, { ok: true }]);

    await renderRoutes(routes, { path: `/password_reset/${TOKEN}` });

    expect(await screen.findByLabelText('新しいパスワード')).toBeTruthy();
  });
});
