import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GUARDIAN_CONSENT_TEXT } from '@talkwith/proto/identity';
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

/** Fills a valid form for someone born on `dateOfBirth` and ticks the terms (not the guardian's consent). */
function fillBorn(dateOfBirth: string) {
  fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: 'hana@example.jp' } });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'secret123' } });
  fireEvent.change(screen.getByLabelText('生年月日'), { target: { value: dateOfBirth } });
  fireEvent.click(screen.getByRole('checkbox', { name: /に同意します/ }));
}

/** The terms' wording (利用規約 第4条), as identity and the web share it. */
const CONSENT = (name: string) => name.includes(GUARDIAN_CONSENT_TEXT);
const thirteenYearsAgo = () => `${new Date().getFullYear() - 13}-01-01`;

describe('RegisterPage', () => {
  it("RegisterPage, an adult's date of birth, shows no guardian consent and sends none", async () => {
    const server = fakeServer(() => [201, { ok: true, user: sampleUser }]);
    await renderRoutes(routes, { path: '/register' });
    fillBorn('1990-05-05');
    expect(screen.queryByRole('checkbox', { name: CONSENT })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.body).not.toHaveProperty('guardian_consent');
  });

  it("RegisterPage, a 13-year-old without the guardian's consent ticked, shows the terms' wording, says what is missing and sends nothing", async () => {
    const server = fakeServer(() => [201, { ok: true, user: sampleUser }]);
    await renderRoutes(routes, { path: '/register' });
    fillBorn(thirteenYearsAgo());
    expect(screen.getByRole('checkbox', { name: CONSENT })).toBeTruthy();
    expect(screen.getByText(/18歳未満の方は、保護者（親権者）の同意を得たうえで/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      '未成年の方は、保護者の同意欄にチェックを入れてください。',
    );
    expect(server.calls).toHaveLength(0);
  });

  it("RegisterPage, a 13-year-old with the guardian's consent ticked, posts guardian_consent true", async () => {
    const server = fakeServer(() => [201, { ok: true, user: sampleUser }]);
    const { router } = await renderRoutes(routes, { path: '/register' });
    fillBorn(thirteenYearsAgo());
    fireEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    fireEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/email_confirm'));
    expect(server.calls[0]).toMatchObject({
      url: '/api/auth/signup',
      body: { date_of_birth: thirteenYearsAgo(), guardian_consent: true },
    });
  });

  it('RegisterPage, the server refusing a minor (400 on guardian_consent), shows its message', async () => {
    fakeServer(() => [
      400,
      {
        ok: false,
        code: 'VALIDATION_FAILED',
        field: 'guardian_consent',
        message: '未成年の方は、保護者（親権者）の同意を得たうえでご登録ください。',
        error: 'Bad Request',
      },
    ]);
    await renderRoutes(routes, { path: '/register' });
    fillBorn(thirteenYearsAgo());
    fireEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    fireEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      '未成年の方は、保護者（親権者）の同意を得たうえでご登録ください。',
    );
  });

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
      url: '/api/auth/signup',
      method: 'POST',
      body: { email: 'taro@example.jp', password: 'secret123', gender: 'male', date_of_birth: '1999-12-31' },
    });
    expect(await screen.findByText('taro@example.jp に確認メールを送信しました。')).toBeTruthy();
  });

  it('RegisterPage, a nickname typed, posts it; left empty, posts none (the server takes the part before @)', async () => {
    const server = fakeServer(() => [201, { ok: true, user: sampleUser }]);
    const { router } = await renderRoutes(routes, { path: '/register' });
    fireEvent.change(screen.getByLabelText('ニックネーム（任意）'), { target: { value: ' たろう ' } });
    fill('secret123');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/email_confirm'));
    expect(server.calls[0]?.body).toMatchObject({ nickname: 'たろう' });
  });

  it('EmailConfirmPage, with a token, posts it exactly once and shows success', async () => {
    const server = fakeServer(() => [200, { ok: true, user: sampleUser }]);
    await renderRoutes(routes, { path: '/email_confirm/abcdefghijklmnopqrstuvwxyz' });
    expect(await screen.findByText('メールアドレスの確認が完了しました。')).toBeTruthy();
    expect(server.calls).toEqual([
      expect.objectContaining({ url: '/api/auth/email_confirm', body: { token: 'abcdefghijklmnopqrstuvwxyz' } }),
    ]);
  });

  it('EmailConfirmPage, an e-mail change link (?change=1), says the address was changed, not that a sign-up was confirmed', async () => {
    fakeServer(() => [200, { ok: true, user: sampleUser }]);
    await renderRoutes(routes, { path: '/email_confirm/abcdefghijklmnopqrstuvwxyz?change=1' });
    expect(
      await screen.findByText('メールアドレスを変更しました。次回から新しいメールアドレスでログインしてください。'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '新しいメールアドレスの確認' })).toBeTruthy();
    expect(screen.queryByText('メールアドレスの確認が完了しました。')).toBeNull();
  });

  it('RegisterPage, the interface in English, sends language en-US with the sign-up', async () => {
    const server = fakeServer(() => [201, { ok: true, user: sampleUser }]);
    await renderRoutes(routes, { path: '/register', language: 'en-US' });
    const input = (selector: string) => document.querySelector(selector) as HTMLInputElement;
    fireEvent.change(input('input[type="email"]'), { target: { value: 'ann@example.jp' } });
    fireEvent.change(input('input[type="password"]'), { target: { value: 'secret123' } });
    fireEvent.change(input('input[type="date"]'), { target: { value: '1990-05-05' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Agree and sign up' }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.body).toMatchObject({ email: 'ann@example.jp', language: 'en-US' });
  });

  it('RegisterPage, the interface in Japanese, sends language ja-JP with the sign-up', async () => {
    const server = fakeServer(() => [201, { ok: true, user: sampleUser }]);
    await renderRoutes(routes, { path: '/register' });
    fill('secret123');
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.body).toMatchObject({ language: 'ja-JP' });
  });
});
