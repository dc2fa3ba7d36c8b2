/**
 * Screenshots of operator content and help in another interface language:
 * My Page (plans, packs), the purchase history after a ticket pack was bought,
 * the FAQ, the mic manual and the player's standby (name, start buttons) of
 * the demo ミライ, in en-US (or LANGUAGE), and the console's translation editors,
 * at 390×844 and 1280×800, against the
 * standalone server (web built first: `npm run build --workspace web`). Fails
 * when a page still shows a known Japanese content string.
 * Usage: node test/e2e/shots-i18n-content.ts [outDir]   (default /tmp/shots-i18n)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { firstAdminLogIn, seedAdminInto } from './authoring/console.ts';
import { AdminApi, apiLogIn, customerPage, newCustomer, shooter, VIEWPORTS } from './engagement-driver.ts';
import { ARGS, CHROMIUM, startStandalone, stopStandalone } from './standalone.ts';

const outDir = process.argv[2] ?? '/tmp/shots-i18n';
const language = process.env.LANGUAGE ?? 'en-US';
const ADMIN_PASSWORD = 'kanri2026Pass';
/** What each page must not show in another language (the demo's Japanese content) and what it must. */
const PAGES: Array<{ name: string; path: string; absent: string[]; present?: string }> = [
  {
    name: 'mypage',
    path: '/mypage',
    absent: ['TALK WITH 月額プラン', 'トークチケット 5枚', '500ポイント'],
    present: 'TALK WITH Monthly Plan',
  },
  { name: 'history', path: '/full/purchases', absent: ['トークチケット 1枚'], present: '1 talk ticket' },
  {
    name: 'faq',
    path: '/faq',
    absent: ['よくあるご質問', 'トークチケットに有効期限はありますか？'],
    present: 'Do talk tickets expire?',
  },
  { name: 'mic-manual', path: '/mic_manual', absent: ['低電力モード'], present: 'Turn off Low Power Mode' },
  { name: 'player', path: '/full/chat/mirai', absent: ['話す', 'マイクテスト', 'ミライ'], present: 'Mirai' },
];

const dataDir = await mkdtemp(join(tmpdir(), 'shots-i18n-'));
const seeded = await seedAdminInto(dataDir);
const server = await startStandalone(dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const problems: string[] = [];
try {
  const base = server.url;
  const adminPage = await (await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ja-JP' })).newPage();
  await firstAdminLogIn(adminPage, base, seeded, ADMIN_PASSWORD);
  const prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
    .ADMIN_PATH_PREFIX;
  const admin = new AdminApi(`${base}/api/${prefix}`, (await apiLogIn(base, seeded.email, ADMIN_PASSWORD)).accessToken);
  const customer = await newCustomer(base, admin, 'shotsi18n');
  // A pack bought through the sandbox, so the history has a row to name.
  const token = (await (
    await fetch(`${base}/api/payment/sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '4111111111111111',
        card_expire: '12/30',
        security_code: '123',
        token_api_key: 'sandbox',
      }),
    })
  ).json()) as { token: string };
  const bought = await fetch(`${base}/api/payment/card/authorize`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${customer.token}`,
      'idempotency-key': `shots-${customer.id}`,
    },
    body: JSON.stringify({ product_id: 'tickets-1', token: token.token }),
  });
  if (!bought.ok) problems.push(`buying tickets-1: ${bought.status} ${await bought.text()}`);

  // The console's editors of the translations (Japanese interface): the character's basics and the product names.
  const shootAdmin = shooter(outDir);
  for (const [name, path] of [
    ['console-character', 'characters/demo-mirai'],
    ['console-start-buttons', 'characters/demo-mirai/initialSetting'],
    ['console-product-texts', 'product_texts'],
  ] as const) {
    await adminPage.goto(`${base}/${prefix}/${path}`);
    await adminPage
      .locator('fieldset.translations')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => problems.push(`${name}: no translations field`));
    await shootAdmin(adminPage, name);
  }

  const page = await customerPage(browser, base, customer);
  await page.context().addInitScript((chosen) => localStorage.setItem('talkwith-language', chosen), language);
  const shoot = shooter(outDir);
  for (const { name, path, absent, present } of PAGES) {
    await page.goto(`${base}${path}`);
    await page.locator('h1').first().waitFor();
    await page
      .locator('.spinner')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    if (present && language === 'en-US')
      await page
        .getByText(present, { exact: false })
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => problems.push(`${name}: no "${present}"`));
    const text = await page.locator('body').innerText();
    for (const japanese of absent) if (text.includes(japanese)) problems.push(`${name}: still shows 「${japanese}」`);
    await shoot(page, `${language}-${name}`);
  }
} finally {
  await browser.close();
  await stopStandalone(server);
  await rm(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ language, outDir, problems }, null, 2));
if (problems.length > 0) process.exitCode = 1;
