import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildTestApp, tokenFromMail, uniqueEmail, type TestApp } from '../../services/identity/src/test-app.ts';
import { seedAdmin } from '../../services/identity/src/accounts/seed-admin.ts';
import { startWebServer } from './server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`skipped: accounts e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PASSWORD = 'hanako2024';
const NEW_PASSWORD = 'sakura2025!';
const ADMIN_PATH = 'ops-e2e';

describe.skipIf(!hasChromium)('web accounts end to end (headless Chromium, identity on embedded adapters)', () => {
  let identity: TestApp;
  let server: Server;
  let base: string;
  let browser: Browser;
  let page: Page;
  const email = uniqueEmail();

  beforeAll(async () => {
    identity = await buildTestApp({ maxFailures: 3 });
    ({ url: base, server } = await startWebServer(identity.app, { adminPath: ADMIN_PATH }));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await (await browser.newContext({ viewport: { width: 375, height: 667 }, locale: 'ja-JP' })).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await identity?.close();
  });

  async function logIn(username: string, password: string): Promise<void> {
    await page.goto(`${base}/login`);
    await page.fill('input[name=username]', username);
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
  }

  it('account, registered → confirmed by mail → logged in → password changed → logged out, logs in with the new password', async () => {
    await page.goto(`${base}/register`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.check('input[name=gender][value=female]');
    await page.fill('input[name=date_of_birth]', '2000-04-01');
    await page.check('input[name=agree]');
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/email_confirm`);
    await page.getByText(`${email} に確認メールを送信しました。`).waitFor();

    const token = await tokenFromMail(identity.platform, email, '/email_confirm');
    await page.goto(`${base}/email_confirm/${token}`);
    await page.getByText('メールアドレスの確認が完了しました。').waitFor();

    await logIn(email, PASSWORD);
    await page.waitForURL(`${base}/mypage`);
    await page.getByText(email).first().waitFor();

    // A full page load: the session comes back from the refresh cookie.
    await page.goto(`${base}/password_change`);
    await page.fill('input[name=currentPassword]', PASSWORD);
    await page.fill('input[name=newPassword]', NEW_PASSWORD);
    await page.fill('input[name=newPasswordAgain]', NEW_PASSWORD);
    await page.click('button[type=submit]');
    await page.getByText('パスワードを変更しました。新しいパスワードでログインしてください。').waitFor();

    await logIn(email, NEW_PASSWORD);
    await page.waitForURL(/\/mypage$/);
    await page.goto(`${base}/account`);
    await page.getByRole('button', { name: 'ログアウト' }).first().click();
    await page.waitForURL(`${base}/`);

    await logIn(email, NEW_PASSWORD);
    await page.waitForURL(/\/mypage$/);
    expect(await page.textContent('.hello')).toContain(email);
    await page.goto(`${base}/account`);
    await page.getByRole('button', { name: 'ログアウト' }).first().click();
    await page.waitForURL(`${base}/`);
  }, 90_000);

  it('login-only page, visited by a guest, redirects to /login and back after logging in', async () => {
    await page.goto(`${base}/profile`);
    await page.waitForURL(`${base}/login?redirect=%2Fprofile`);
    await page.fill('input[name=username]', email);
    await page.fill('input[name=password]', NEW_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/profile`);
    await page.getByRole('heading', { name: 'プロフィール' }).waitFor();
    await page.goto(`${base}/account`);
    await page.getByRole('button', { name: 'ログアウト' }).first().click();
    await page.waitForURL(`${base}/`);
  }, 60_000);

  it('language switcher, set to en-US, changes the interface texts and is remembered', async () => {
    await page.goto(`${base}/login`);
    await page.selectOption('.lang-switch select', 'en-US');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('talkwith-language'))).toBe('en-US');
    await page.selectOption('.lang-switch select', 'ja-JP');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  }, 60_000);

  it('admin console, opened by an admin, lists users and shows the outbox whose link confirms a new account', async () => {
    const admin = await seedAdmin(identity.app.accounts, 'ops@example.jp', { mustChangePassword: false });
    const newcomer = uniqueEmail();
    const signup = await page.request.post(`${base}/api/auth/signup`, {
      data: { email: newcomer, password: PASSWORD, gender: 'male', date_of_birth: '1990-01-31' },
    });
    expect(signup.status()).toBe(201);

    await page.goto(`${base}/${ADMIN_PATH}/mail`);
    await page.waitForURL(`${base}/login?redirect=%2F${ADMIN_PATH}%2Fmail`);
    await page.fill('input[name=username]', admin!.email);
    await page.fill('input[name=password]', admin!.password);
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/${ADMIN_PATH}/mail`);
    const mail = page.locator('.mail', { hasText: newcomer });
    await mail.getByText('【TALK WITH】メールアドレスの確認').waitFor();
    const href = await mail.locator('a[href*="/email_confirm/"]').getAttribute('href');
    await page.goto(`${base}${new URL(href!).pathname}`);
    await page.getByText('メールアドレスの確認が完了しました。').waitFor();

    await page.goto(`${base}/${ADMIN_PATH}/users`);
    await page.locator('.table').getByText(newcomer).waitFor();
    await page.goto(`${base}/account`);
    await page.getByRole('button', { name: 'ログアウト' }).first().click();
    await page.waitForURL(`${base}/`);
  }, 60_000);

  it('admin console, for a customer, is simply not found and its code is never downloaded', async () => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await logIn(email, NEW_PASSWORD);
    await page.waitForURL(/\/mypage$/);
    await page.goto(`${base}/${ADMIN_PATH}/users`);
    await page.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();
    page.removeAllListeners('request');
    expect(requested.some((url) => url.includes('/assets/'))).toBe(true);
    expect(requested.filter((url) => /AdminConsole|adminApi|adminSlice/.test(url))).toEqual([]);
    await page.goto(`${base}/account`);
    await page.getByRole('button', { name: 'ログアウト' }).first().click();
    await page.waitForURL(`${base}/`);
  }, 60_000);

  it('login, wrong password, shows the server message; repeated failures show the 429 text', async () => {
    await logIn(email, 'wrongpass1');
    await page.getByRole('alert').getByText('メールアドレスまたはパスワードが正しくありません。').waitFor();
    let text = '';
    for (let attempt = 0; attempt < 5 && !text.includes('試行回数'); attempt += 1) {
      await page.click('button[type=submit]');
      await page.waitForTimeout(400);
      text = (await page.textContent('[role=alert]')) ?? '';
    }
    expect(text).toBe('ログインの試行回数が多すぎます。しばらく時間をおいてから再度お試しください。');
  }, 60_000);
});
