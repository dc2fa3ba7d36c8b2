/**
 * Screenshots of the talk history's conversation (/chat) and the 3-D Secure
 * failure page, with the API faked, at 390×844 and 1440×900.
 * Usage: node test/e2e/shots-threeds.ts <baseUrl> <outDir> [locale]
 */
import { chromium, type Page } from 'playwright-core';

const [baseUrl = 'http://localhost:5173', outDir = '/tmp/shots', locale = 'ja-JP'] = process.argv.slice(2);
const user = {
  id: 'u1',
  email: 'hanako@example.jp',
  gender: 'female',
  date_of_birth: '2000-04-01',
  nickname: 'はなこ',
  roles: ['customer'],
  email_confirmed: true,
  created_at: '2026-01-05T00:00:00.000Z',
  last_login_at: null,
};
const character = {
  id: 'mirai',
  name: 'ミライ',
  description: '',
  slug: 'mirai',
  avatar_url: null,
  playable: true,
  published_at: '2026-01-01T00:00:00.000Z',
};
const said = [
  'こんにちは',
  '今日は何してたの？',
  '好きな食べ物は？',
  'ラーメンが好き！',
  '京都に行ったことある？',
  'おすすめのお寺を教えて',
  'また話そうね',
];
const titles = ['はじめまして', '今日のこと', '好きな食べ物', '食べ物の話', '旅行', '京都', 'またね'];
const conversation = said.map((text, i) => ({
  at: `2026-11-2${i < 4 ? 6 : 7}T1${i}:00:00.000Z`,
  block_id: `b${i}`,
  block_title: titles[i],
  said: i === 3 ? '' : text,
  talk_id: i < 4 ? 't1' : 't2',
}));
const purchase = {
  purchase_id: 'p1',
  product_id: 'tickets-5',
  kind: 'tickets',
  name: 'トークチケット 5枚',
  amount: 700,
  refunded: 0,
  status: 'failed',
  order_id: 'order-0123456789abcdef',
  order_number: 'TW-2611-7K3Q',
  created_at: '2026-11-27T03:00:00.000Z',
  tickets: 5,
};

async function fakeApi(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'talkwith-csrf', value: 'x', url: baseUrl }]);
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    // The dev server's own modules (/src/api/…) match the glob too.
    if (!path.startsWith('/api/')) return route.continue();
    const json = (status: number, body: unknown) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === '/api/config') return json(200, { adminPath: 'ops-console' });
    if (path === '/api/auth/refresh') return json(200, { ok: true, accessToken: 't', user });
    if (path === '/api/history')
      return json(200, {
        ok: true,
        historyState: [
          {
            character_id: 'mirai',
            block_id: 'b6',
            conversation_id: null,
            utterance: 'また話そうね',
            steps: 7,
            updated_at: '2026-11-27T16:00:00.000Z',
            conversation,
          },
        ],
      });
    if (path === '/api/characters') return json(200, { ok: true, characters: [character] });
    if (path === '/api/payment/card/3dsecure/mpi_complete')
      return json(402, {
        ok: false,
        code: 'PAYMENT_DECLINED',
        message: 'カードでのお支払いができませんでした。',
        purchase,
      });
    return json(404, { ok: false, message: 'not found', code: 'NOT_FOUND' });
  });
}

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
const pages: Array<[string, string, string]> = [
  ['talks', '/chat', '.talk-groups'],
  ['threeds-failed', `/payment/process/mpi_complete?order_id=${purchase.order_id}`, '.outcome'],
];
for (const [size, viewport] of Object.entries({
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
})) {
  for (const [name, path, ready] of pages) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale });
    await context.addInitScript((lang) => localStorage.setItem('talkwith-language', lang), locale);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    if (process.env.DEBUG) page.on('console', (m) => errors.push(`${m.type()}: ${m.text().slice(0, 200)}`));
    await fakeApi(page);
    await page.goto(baseUrl + path);
    await page.waitForSelector(ready, { timeout: 30_000 }).catch(() => errors.push(`${ready} never appeared`));
    // A string, so Node's types (no DOM lib) type-check this script.
    const overflow = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
    await page.screenshot({ path: `${outDir}/${size}-${name}-${locale}.png`, fullPage: true });
    console.log(size, name, locale, overflow ? 'OVERFLOWS' : 'no overflow', errors.join(' | '));
    await context.close();
  }
}
await browser.close();
