import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn } from './authoring/console.ts';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { shooter, VIEWPORTS } from './engagement-driver.ts';
import { CHROMIUM, hasChromium as chromiumFound } from './standalone.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: operators e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** OPERATORS_SHOTS=<dir> also saves each screen at phone (390×844) and desktop sizes. */
const shoot = shooter(process.env.OPERATORS_SHOTS);
const PASSWORD = 'riyousha2026';

async function loginStatus(
  base: string,
  email: string,
  password: string,
): Promise<{ status: number; message?: string }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  return { status: res.status, message: ((await res.json()) as { errorMessage?: string }).errorMessage };
}

/**
 * Issue 25's complete console, the operator side: a second operator invited
 * by mail, a suspended account, users picked by address instead of by id, and
 * a test's steps edited in the browser.
 */
describe.skipIf(!hasChromium)(
  'operators, suspension, user pickers and test steps in the console (standalone gateway, headless Chromium)',
  () => {
    let world: ConsoleWorld;
    let admin: Page;
    const customer = { id: '', email: `momo-${randomUUID().slice(0, 8)}@example.jp` };

    beforeAll(async () => {
      world = await startConsoleWorld('operators', { API_RATE_LIMIT_PER_MINUTE: '6000' });
      admin = world.admin;
      const created = await world.adminApi.post<{ user: { id: string } }>('/users', {
        email: customer.email,
        password: PASSWORD,
        gender: 'female',
        date_of_birth: '1996-06-06',
        nickname: 'ももこ',
      });
      customer.id = created.user.id;
    }, 180_000);

    afterAll(async () => {
      await world?.close();
    });

    it('operators page, an address invited, mails a link; the invitee sets a password and opens the console', async () => {
      const invitee = `ope-${randomUUID().slice(0, 8)}@example.jp`;
      await admin.goto(world.consolePath('operators'));
      await admin.getByLabel('メールアドレス').fill(invitee);
      await admin.getByRole('button', { name: '招待する' }).click();
      await admin.getByText(`${invitee} に招待メールを送りました。`).waitFor();
      await admin.getByText('招待中（パスワード未設定）').waitFor();
      await shoot(admin, 'operators');

      const [mail] = await world.adminApi.mailsTo(invitee);
      const link = mail!.text.match(/https?:\/\/\S+\/password_reset\/[A-Za-z0-9_-]+/)![0];
      const page = await (await world.browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' })).newPage();
      await page.goto(new URL(new URL(link).pathname, world.server.url).toString());
      await page.fill('input[name=newPassword]', 'operator2026Pass');
      await page.fill('input[name=newPasswordAgain]', 'operator2026Pass');
      await page.click('button[type=submit]');
      await expect
        .poll(async () => (await loginStatus(world.server.url, invitee, 'operator2026Pass')).status, {
          timeout: 15_000,
        })
        .toBe(200);
      await logIn(page, world.server.url, invitee, 'operator2026Pass');
      await page.waitForURL(/\/mypage/, { timeout: 15_000 });
      await page.goto(world.consolePath('operators'));
      await page.getByRole('link', { name: invitee }).waitFor({ timeout: 15_000 });
    }, 120_000);

    it('user page, the account suspended with a reason, refuses its log-in in Japanese; lifted, it logs in again', async () => {
      expect((await loginStatus(world.server.url, customer.email, PASSWORD)).status).toBe(200);
      await admin.goto(world.consolePath(`users/${customer.id}`));
      await admin.getByRole('button', { name: '利用停止', exact: true }).click();
      await admin.getByRole('dialog').getByLabel(/理由/).fill('規約違反の投稿');
      await admin.getByRole('dialog').getByRole('button', { name: '利用停止する' }).click();
      await admin.getByText(/利用停止中（/).waitFor();
      await shoot(admin, 'user-suspended');

      expect(await loginStatus(world.server.url, customer.email, PASSWORD)).toEqual({
        status: 403,
        message: 'このアカウントは利用停止中のため、ログインできません。お問い合わせフォームからご連絡ください。',
      });
      await admin.getByRole('button', { name: '利用停止を解除' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: '利用停止を解除' }).click();
      await admin.getByText(`${customer.email} の利用停止を解除しました。`).waitFor();
      expect((await loginStatus(world.server.url, customer.email, PASSWORD)).status).toBe(200);
    }, 90_000);

    it('point form and logs filter, part of a nickname or address typed, pick the account by its address with the id on hover', async () => {
      await admin.goto(world.consolePath('point/give'));
      await admin.getByLabel('ユーザー', { exact: true }).fill('もも');
      await admin.getByRole('option', { name: new RegExp(customer.email.replace(/[.]/g, '\\.')) }).click();
      await expect.poll(() => admin.getByLabel('ユーザー', { exact: true }).getAttribute('title')).toBe(customer.id);
      await shoot(admin, 'point-give-picker');

      await admin.goto(world.consolePath('logs'));
      await admin.getByLabel('ユーザー', { exact: true }).fill(customer.email.slice(0, 8));
      await admin.getByRole('option', { name: customer.email }).click({ timeout: 15_000 });
      expect(await admin.getByLabel('ユーザー', { exact: true }).inputValue()).toBe(customer.email);
      await shoot(admin, 'logs-picker');
    }, 90_000);

    it('tests page, a step added as a button press and saved, keeps the new step after a reload', async () => {
      await world.adminApi.post('/characters/demo-mirai/tests', {
        name: '編集するテスト',
        steps: [{ input: { kind: 'start', button_id: 'btn-talk' }, expect_block_id: 'greet' }],
      });
      await admin.goto(world.consolePath('characters/demo-mirai/tests'));
      const item = admin.locator('.ct-test', { hasText: '編集するテスト' });
      await item.getByRole('button', { name: 'ステップを編集' }).click();
      await item.getByRole('button', { name: 'ステップを追加' }).click();
      await item.getByLabel('ステップ2の操作').selectOption('silence');
      await shoot(admin, 'test-step-editor');
      // The editor alone at phone width: the full page is too long to read.
      if (process.env.OPERATORS_SHOTS) {
        await admin.setViewportSize(VIEWPORTS.phone);
        await item.screenshot({ path: `${process.env.OPERATORS_SHOTS}/test-step-editor-item-phone.png` });
        await admin.setViewportSize(VIEWPORTS.desktop);
      }
      await item.getByRole('button', { name: 'ステップを保存' }).click();
      await item.getByText('2 ステップ').waitFor();

      await admin.reload();
      await admin
        .locator('.ct-test', { hasText: '編集するテスト' })
        .getByText('2 ステップ')
        .waitFor({ timeout: 15_000 });
    }, 90_000);

    it('a user page breadcrumb names the user, the id on hover', async () => {
      await admin.goto(world.consolePath(`full/users/${customer.id}`));
      const crumb = admin.locator('.billing-trail').getByTitle(customer.id);
      await expect.poll(() => crumb.textContent()).toBe(customer.email);
    }, 60_000);
  },
);
