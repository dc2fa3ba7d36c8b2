import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { firstAdminLogIn, seedAdminInto } from './authoring/console.ts';
import {
  ARGS,
  CHROMIUM,
  hasChromium as chromiumFound,
  startStandalone,
  stopStandalone,
  type Standalone,
} from './standalone.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: users admin e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const NEW_PASSWORD = 'kanri2026Pass';
const CUSTOMER_PASSWORD = 'riyousha2026';
/** USERS_ADMIN_SHOTS=<dir> also saves the user detail page at phone and desktop sizes (for looking at them). */
const SHOTS = process.env.USERS_ADMIN_SHOTS;
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

async function apiLogIn(base: string, email: string, password: string): Promise<Response> {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
}

describe.skipIf(!hasChromium)('users in the admin console (standalone gateway, headless Chromium)', () => {
  let dataDir: string;
  let server: Standalone;
  let browser: Browser;
  let page: Page;
  let prefix: string;
  let adminApi: string;
  let adminToken: string;
  const customer = { id: '', email: `riyou-${randomUUID().slice(0, 8)}@example.jp` };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'users-admin-e2e-'));
    const admin = await seedAdminInto(dataDir);
    server = await startStandalone(dataDir);
    prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
      .ADMIN_PATH_PREFIX;
    adminApi = `${server.url}/api/${prefix}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await (await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ja-JP' })).newPage();
    await firstAdminLogIn(page, server.url, admin, NEW_PASSWORD);
    adminToken = ((await (await apiLogIn(server.url, admin.email, NEW_PASSWORD)).json()) as { accessToken: string })
      .accessToken;
    const created = await fetch(`${adminApi}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        email: customer.email,
        password: CUSTOMER_PASSWORD,
        gender: 'female',
        date_of_birth: '1996-06-06',
      }),
    });
    customer.id = ((await created.json()) as { user: { id: string } }).user.id;
    // Billing opens the wallet when it hears user.registered (an event, moments later): give the tickets once it has.
    const key = randomUUID();
    for (let tries = 0; tries < 50; tries += 1) {
      const given = await fetch(`${adminApi}/full/users/${customer.id}/talk_tickets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}`, 'idempotency-key': key },
        body: JSON.stringify({ count: 5, reason: '初回のお試し' }),
      });
      if (given.status === 200) break;
      if (given.status !== 404) throw new Error(`tickets not given: ${given.status} ${await given.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await apiLogIn(server.url, customer.email, CUSTOMER_PASSWORD)).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stopStandalone(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("users list, a row clicked, opens that user's detail page with the profile and the tickets given", async () => {
    await page.goto(`${server.url}/${prefix}/users`);
    await page.getByRole('link', { name: customer.email }).click();
    await page.waitForURL(`${server.url}/${prefix}/users/${customer.id}`);
    await page.getByRole('heading', { name: customer.email }).waitFor();
    await page.getByText('時刻はすべて日本時間（JST）です。').waitFor();
    await page.getByRole('tab', { name: 'トークチケット' }).click();
    await page.getByText('保有チケット：5 枚').waitFor();
    if (SHOTS) {
      await mkdir(SHOTS, { recursive: true });
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: join(SHOTS, `${size}-user-detail.png`), fullPage: true });
      }
      await page.getByRole('button', { name: 'メールアドレスを変更' }).click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: join(SHOTS, 'desktop-user-email-dialog.png') });
      await page.setViewportSize(VIEWPORTS.phone);
      await page.screenshot({ path: join(SHOTS, 'phone-user-email-dialog.png') });
      await page.getByRole('button', { name: 'キャンセル' }).click();
      await page.setViewportSize(VIEWPORTS.desktop);
    }
  }, 60_000);

  it('password changed without a mail, the user logs in with the new password and no mail was sent', async () => {
    await page.getByRole('button', { name: 'パスワードを変更' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('新しいパスワード').fill('atarashii2026');
    await dialog.getByLabel('送らない').check();
    await dialog.getByRole('button', { name: '変更する' }).click();
    await page.getByText('パスワードを変更しました（メールは送っていません）。').waitFor();
    expect((await apiLogIn(server.url, customer.email, 'atarashii2026')).status).toBe(200);
    const outbox = (await (
      await fetch(`${adminApi}/mail?to=${encodeURIComponent(customer.email)}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { mails: { subject: string }[] };
    expect(outbox.mails.filter((m) => m.subject.includes('パスワード'))).toHaveLength(0);
  }, 60_000);

  it('e-mail changed at once without mails, the heading shows the new address', async () => {
    const next = `atarashii-${randomUUID().slice(0, 8)}@example.jp`;
    await page.getByRole('button', { name: 'メールアドレスを変更' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('新しいメールアドレス').fill(next);
    await dialog.getByRole('group', { name: '新しいアドレスに確認メールを' }).getByLabel('送らない').check();
    await dialog
      .getByRole('group', { name: /現在のアドレス/ })
      .getByLabel('送らない')
      .check();
    await dialog.getByRole('button', { name: '変更する' }).click();
    await page.getByRole('heading', { name: next }).waitFor();
    customer.email = next;
  }, 60_000);

  it('deleted after the confirm dialog, the list says so and the account is gone', async () => {
    await page.getByRole('button', { name: '削除', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('利用中のプランはありません。').waitFor();
    await dialog.getByRole('button', { name: '削除する' }).click();
    await page.getByText(`${customer.email} を削除しました。`).waitFor();
    expect(page.url()).toBe(`${server.url}/${prefix}/users`);
    const gone = await fetch(`${adminApi}/users/${customer.id}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(gone.status).toBe(404);
  }, 60_000);
});
