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
if (!hasChromium) console.warn(`skipped: billing admin e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const NEW_PASSWORD = 'kanri2026Pass';
const CUSTOMER_PASSWORD = 'kaimono2026';
/** BILLING_ADMIN_SHOTS=<dir> also saves each billing screen at desktop and phone sizes (for looking at them). */
const SHOTS = process.env.BILLING_ADMIN_SHOTS;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

interface Customer {
  id: string;
  email: string;
  token: string;
}

async function apiLogIn(
  base: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; user: { id: string } }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await login.json()) as { accessToken?: string; user?: { id: string } };
  if (!body.accessToken || !body.user)
    throw new Error(`${email} could not log in: ${login.status} ${JSON.stringify(body)}`);
  return { accessToken: body.accessToken, user: body.user };
}

/** A customer signs up, confirms the address with the link of the mail outbox (read as the admin) and logs in, all through the API. */
async function newCustomer(base: string, adminApi: string, adminToken: string): Promise<Customer> {
  const email = `kaimono-${randomUUID().slice(0, 8)}@example.jp`;
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: CUSTOMER_PASSWORD, gender: 'female', date_of_birth: '1995-05-05' }),
  });
  expect(signup.status).toBe(201);
  const outbox = (await (
    await fetch(`${adminApi}/mail?to=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).json()) as { mails: { text: string }[] };
  const token = /\/email_confirm\/([A-Za-z0-9_-]+)/.exec(outbox.mails.map((m) => m.text).join('\n'))?.[1];
  const confirmed = await fetch(`${base}/api/auth/email_confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(confirmed.status).toBe(200);
  const { accessToken, user } = await apiLogIn(base, email, CUSTOMER_PASSWORD);
  return { id: user.id, email, token: accessToken };
}

/** A one-time token of the sandbox's always-approved card, fetched as the browser fetches it from the provider's host. */
async function cardToken(base: string): Promise<string> {
  const tokenReply = await fetch(`${base}/api/payment/sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: '4111111111111111',
      card_expire: '12/39',
      security_code: '123',
      token_api_key: 'sandbox',
    }),
  });
  return ((await tokenReply.json()) as { token: string }).token;
}

const moneyCall = (base: string, customer: Customer, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${customer.token}`,
      'idempotency-key': `e2e-${randomUUID()}`,
    },
    body: JSON.stringify(body),
  });

/** The customer buys ten talk tickets (3-D Secure frictionless) and subscribes to the monthly plan. */
async function buyTicketsAndSubscribe(base: string, customer: Customer): Promise<string> {
  const authorize = await moneyCall(base, customer, '/api/payment/card/authorize', {
    product_id: 'tickets-10',
    token: await cardToken(base),
    mpi: 'mpi-complete',
  });
  const subscribed = await moneyCall(base, customer, '/api/payment/subscription/subscribe', {
    plan_code: 'PROD001',
    token: await cardToken(base),
  });
  expect(subscribed.status).toBeLessThan(300);
  const body = (await authorize.json()) as { purchase: { purchase_id: string; status: string } };
  expect(body.purchase.status).toBe('captured');
  return body.purchase.purchase_id;
}

/** The customer's points (the log-in bonus may already be among them). */
async function pointsOf(base: string, customer: Customer): Promise<number> {
  const wallet = (await (
    await fetch(`${base}/api/billing/wallet`, { headers: { authorization: `Bearer ${customer.token}` } })
  ).json()) as { points: number };
  return wallet.points;
}

describe.skipIf(!hasChromium)('billing admin screens end to end (standalone gateway, headless Chromium)', () => {
  let dataDir: string;
  let server: Standalone;
  let browser: Browser;
  let page: Page;
  let prefix: string;
  let customer: Customer;
  let purchaseId: string;

  const shoot = async (name: string) => {
    if (!SHOTS) return;
    await mkdir(SHOTS, { recursive: true });
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true });
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'billing-admin-e2e-'));
    const admin = await seedAdminInto(dataDir);
    server = await startStandalone(dataDir);
    prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
      .ADMIN_PATH_PREFIX;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await (await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ja-JP' })).newPage();
    await firstAdminLogIn(page, server.url, admin, NEW_PASSWORD);
    const { accessToken } = await apiLogIn(server.url, admin.email, NEW_PASSWORD);
    customer = await newCustomer(server.url, `${server.url}/api/${prefix}`, accessToken);
    purchaseId = await buyTicketsAndSubscribe(server.url, customer);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopStandalone(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("point give, an admin gives 120 points to a customer found by e-mail, and the customer's wallet and the history show them", async () => {
    const before = await pointsOf(server.url, customer);
    await page.goto(`${server.url}/${prefix}/point/give`);
    await page.getByLabel('ユーザー', { exact: true }).fill(customer.email);
    await page.getByLabel('ポイント', { exact: true }).fill('120');
    await page.getByLabel('理由').fill('障害のお詫び');
    await page.getByRole('button', { name: '確認へ進む' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${customer.email}（${customer.id}）に 120 ポイントを付与します。`).waitFor();
    await shoot('point-give-confirm');
    await dialog.getByRole('button', { name: '付与する' }).dblclick();
    await page.getByText(`${customer.email} に 120 ポイントを付与しました。`).waitFor();
    await page.locator('.admin-table').getByText('障害のお詫び').waitFor();
    await shoot('point-give');

    // A double click on the confirmation is one gift.
    expect(await pointsOf(server.url, customer)).toBe(before + 120);
  }, 60_000);

  it("payment history, an admin opens the customer's purchase and cancels it in full with a reason", async () => {
    await page.goto(`${server.url}/${prefix}/payment/history`);
    await page.locator('.admin-table').getByRole('link', { name: 'トークチケット 10枚' }).first().waitFor();
    await shoot('payment-history');
    await page.goto(`${server.url}/${prefix}/full/purchases/${purchaseId}`);
    await page.getByRole('button', { name: '全額取消' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/¥1,300 を返金します/).waitFor();
    await dialog.getByLabel('理由').fill('お客様からの申し出');
    await shoot('purchase-cancel-confirm');
    await dialog.getByRole('button', { name: '全額取り消す' }).click();
    await page.getByText('取消済み', { exact: true }).waitFor();
    await shoot('purchase-detail');

    // Only the plan's 10 tickets are left.
    const tickets = (await (
      await fetch(`${server.url}/api/talk_tickets/available/${customer.id}`, {
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json()) as { talk_tickets: number };
    expect(tickets.talk_tickets).toBe(10);
  }, 60_000);

  it("full users, the customer's page shows the purchases, the tickets left, the given points and the subscription", async () => {
    await page.goto(`${server.url}/${prefix}/full/users`);
    await page.locator('.admin-table').getByRole('link', { name: customer.email }).click();
    await page.getByRole('heading', { name: customer.email }).waitFor();
    await shoot('full-users-purchases');
    await page.getByRole('tab', { name: 'トークチケット' }).click();
    // The plan's first period granted 10 tickets; the cancelled purchase's 10 were taken back.
    await page.getByText('保有チケット：10 枚').waitFor();
    await shoot('full-user-tickets');
    await page.getByRole('tab', { name: 'ポイント' }).click();
    await page.getByText('運営付与').first().waitFor();
    await shoot('full-user-points');
    await page.getByRole('tab', { name: 'サブスクリプション' }).click();
    await page.locator('.admin-table').getByText('TALK WITH 月額プラン').waitFor();
    await shoot('full-user-subscription');
    await page.goto(`${server.url}/${prefix}/subscriptions/list?status=active`);
    await page.locator('.admin-table').getByText('有効').first().waitFor();
    await shoot('subscriptions');
    await page.goto(`${server.url}/${prefix}/full/users`);
    await page.locator('.admin-table').waitFor();
    await shoot('full-users');
  }, 60_000);
});
