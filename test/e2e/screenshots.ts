/**
 * Visual check of the web client: opens each page at phone, landscape-phone
 * and desktop sizes in Debian's Chromium and saves PNGs. The API is faked by
 * request interception so the pages can be looked at without the backend.
 * Usage: node test/e2e/screenshots.ts <baseUrl> <outDir>
 */
import { chromium, type Page } from 'playwright-core';

const [baseUrl = 'http://localhost:4173', outDir = '/tmp/shots'] = process.argv.slice(2);

const user = {
  id: 'u1',
  email: 'hanako@example.jp',
  gender: 'female',
  date_of_birth: '2000-04-01',
  nickname: 'はなこ',
  roles: ['customer', 'admin'],
  email_confirmed: true,
  created_at: '2026-01-05T00:00:00.000Z',
  last_login_at: null,
};

async function fakeApi(page: Page, loggedIn: boolean): Promise<void> {
  if (loggedIn) await page.context().addCookies([{ name: 'talkwith-csrf', value: 'x', url: baseUrl }]);
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const json = (status: number, body: unknown) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === '/api/config') return json(200, { adminPath: 'ops-console' });
    if (path === '/api/auth/refresh')
      return loggedIn ? json(200, { ok: true, accessToken: 't', user }) : json(401, { ok: false });
    if (path === '/api/auth/login') return json(429, { ok: false, rateLimited: true, errorMessage: 'x' });
    if (path === '/api/admin/users')
      return json(200, {
        ok: true,
        users: [user, { ...user, id: 'u2', email: 'taro@example.jp', roles: ['customer'] }],
        total: 2,
        page: 1,
        pageSize: 20,
      });
    if (path === '/api/admin/mail')
      return json(200, {
        ok: true,
        mails: [
          {
            id: 'm1',
            to: 'taro@example.jp',
            subject: '【TALK WITH】メールアドレスの確認',
            text: 'TALK WITH にご登録いただきありがとうございます。\n\nhttp://localhost:3000/email_confirm/abcdefabcdefabcdef',
            sentAt: '2026-11-21T10:00:00.000Z',
          },
        ],
      });
    return json(404, { ok: false, message: 'not found', error: 'Not Found', code: 'NOT_FOUND' });
  });
}

const VIEWPORTS = {
  phone: { width: 375, height: 667 },
  landscape: { width: 667, height: 375 },
  desktop: { width: 1280, height: 800 },
};
const PAGES: Array<[string, string, boolean]> = [
  ['top', '/', false],
  ['login', '/login', false],
  ['register', '/register', false],
  ['confirm', '/email_confirm', false],
  ['reset', '/password_reset', false],
  ['terms', '/terms_of_use', false],
  ['privacy', '/privacy_policy', false],
  ['mic', '/mic_manual', false],
  ['faq', '/faq', false],
  ['mypage', '/mypage', true],
  ['profile', '/profile', true],
  ['account', '/account', true],
  ['change', '/password_change', true],
  ['delete', '/account/delete', true],
  ['admin-users', '/ops-console/users', true],
  ['admin-mail', '/ops-console/mail', true],
  ['google-failure', '/google/failure?reason=verification_failed', false],
  ['notfound', '/nope', false],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const only = process.env.ONLY?.split(',');
for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const [name, path, loggedIn] of PAGES) {
    if (only && !only.includes(name)) continue;
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'ja-JP' });
    const page = await context.newPage();
    await fakeApi(page, loggedIn);
    await page.goto(baseUrl + path);
    await page.waitForLoadState('networkidle');
    await page.waitForSelector('.spinner', { state: 'detached', timeout: 5000 }).catch(() => undefined);
    if (name === 'login') {
      await page.fill('input[name=username]', 'hanako@example.jp');
      await page.fill('input[name=password]', 'abcdefg1');
      await page.click('button[type=submit]');
      await page.waitForSelector('[role=alert]');
    }
    await page.screenshot({ path: `${outDir}/${size}-${name}.png`, fullPage: size !== 'landscape' });
    await context.close();
  }
}
if (!only || only.includes('menu')) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' });
  const page = await context.newPage();
  await fakeApi(page, true);
  await page.goto(baseUrl + '/mypage');
  await page.click('.menu-button');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/phone-menu.png` });
  await page.click('text=お知らせ');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${outDir}/phone-notifications.png` });
  await page.goto(baseUrl + '/account/delete');
  await page.fill('input[name=password]', 'abcdefg1');
  await page.click('button[type=submit]');
  await page.screenshot({ path: `${outDir}/phone-delete-confirm.png` });
  await page.goto(baseUrl + '/login');
  await page.selectOption('select', 'en-US');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${outDir}/phone-login-en.png` });
  await context.close();
}
await browser.close();
console.log('screenshots written to', outDir);
