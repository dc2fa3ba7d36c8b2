/**
 * Screenshots of the issue-14 pages (/chat, /check, /mic_test, the album,
 * /full/purchases, the full-page documents, language prefixes) at 390×844 and
 * 1280×800, against the standalone server as `npm start` runs it (web built
 * first: `npm run build --workspace web`). A customer is made through the API
 * and logs in through the form. Dialogue routes the server does not answer yet
 * (404) are answered with sample data so the pages can be looked at.
 * Usage: node test/e2e/shots-talk-pages.ts [outDir]   (default /tmp/shots14)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Route } from 'playwright-core';
import { firstAdminLogIn, seedAdminInto } from './authoring/console.ts';
import { AdminApi, apiLogIn, customerPage, newCustomer, shooter, VIEWPORTS } from './engagement-driver.ts';
import { ARGS, CHROMIUM, startStandalone, stopStandalone } from './standalone.ts';

const outDir = process.argv[2] ?? '/tmp/shots14';
const ADMIN_PASSWORD = 'kanri2026Pass';
// A fake microphone (a beep) that needs no permission prompt: the level meter has something to show.
const MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/**
 * The server's answer, or `sample` when the route is not served yet (404) or
 * has nothing for a new customer (`empty`), so the pictures show content.
 */
async function realOr(route: Route, sample: unknown, empty: (body: unknown) => boolean = () => false): Promise<void> {
  const real = await route.fetch();
  if (real.status() !== 404 && !(real.ok() && empty(await real.json()))) return route.fulfill({ response: real });
  return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(sample) });
}

async function sampleDialogue(page: Page, miraiId: string): Promise<void> {
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await page.route('**/api/history', (route) =>
    realOr(
      route,
      {
        ok: true,
        historyState: [
          {
            character_id: miraiId,
            block_id: 'topic-travel',
            conversation_id: 'conv-talk',
            utterance: '旅行の話がしたい',
            steps: 6,
            updated_at: at(0),
          },
        ],
      },
      (body) => (body as { historyState?: unknown[] }).historyState?.length === 0,
    ),
  );
  const blocks = [
    { block_id: 'greet', title: 'あいさつ', how: 'played', first_at: at(3), times: 4 },
    { block_id: 'topic-travel', title: '旅行の話', how: 'played', first_at: at(2), times: 2 },
    { block_id: 'kyoto', title: '京都', how: 'serial', first_at: at(1), times: 0 },
    { block_id: 'fortune', title: '占い', how: 'played', first_at: at(1), times: 1 },
  ];
  await page.route(`**/api/dialogue/album/${miraiId}`, (route) =>
    realOr(
      route,
      { ok: true, character_id: miraiId, found: 4, total: 14, share: 4 / 14, blocks },
      (body) => (body as { found?: number }).found === 0,
    ),
  );
}

const PAGES: Array<[string, string]> = [
  ['chat', '/chat'],
  ['check', '/check'],
  ['mic-test', '/mic_test'],
  ['album', '/full/album/mirai'],
  ['album-conversation', '/full/album/mirai/btn-talk?block=greet&album=true'],
  ['purchases', '/full/purchases'],
  ['term-of-use', '/full/term_of_use'],
  ['privacy-policy', '/full/privacy_policy'],
  ['ja-main-menu', '/ja/full/main_menu'],
  ['en-album', '/en/full/album/mirai'],
  ['zh-select-chat', '/zh/full/select_chat'],
  ['unknown-prefix', '/xx/full/main_menu'],
];

const dataDir = await mkdtemp(join(tmpdir(), 'shots14-'));
const seeded = await seedAdminInto(dataDir);
const server = await startStandalone(dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...MEDIA_ARGS] });
try {
  const base = server.url;
  const prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
    .ADMIN_PATH_PREFIX;
  const adminPage = await (await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ja-JP' })).newPage();
  await firstAdminLogIn(adminPage, base, seeded, ADMIN_PASSWORD);
  const admin = new AdminApi(`${base}/api/${prefix}`, (await apiLogIn(base, seeded.email, ADMIN_PASSWORD)).accessToken);
  const customer = await newCustomer(base, admin, 'shots14');
  const characters = (await (await fetch(`${base}/api/characters`)).json()) as {
    characters: Array<{ id: string; slug: string | null }>;
  };
  const mirai = characters.characters.find((c) => c.slug === 'mirai');
  if (!mirai) throw new Error('the demo character ミライ is not published');

  const page = await customerPage(browser, base, customer);
  await page.context().grantPermissions(['microphone'], { origin: base });
  await sampleDialogue(page, mirai.id);
  const shoot = shooter(outDir);
  for (const [name, path] of PAGES) {
    await page.goto(`${base}${path}`);
    await page.locator('h1').first().waitFor();
    await page
      .locator('.spinner')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    if (name === 'mic-test') {
      await page.getByRole('button', { name: 'マイクをオンにする' }).click();
      await page.getByRole('button', { name: 'マイクをオフにする' }).waitFor();
      await page.waitForTimeout(500);
    }
    if (name === 'check')
      await page.getByText(/すべて問題ありません|件の項目を確認してください/).waitFor({ timeout: 10_000 });
    await shoot(page, name);
    // The long documents: also what the first screen shows.
    if (name === 'term-of-use' || name === 'privacy-policy') {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: join(outDir, `${name}-top-${size}.png`) });
      }
      await page.setViewportSize(VIEWPORTS.phone);
    }
    console.log('shot', name, page.url());
  }
} finally {
  await browser.close();
  await stopStandalone(server);
  await rm(dataDir, { recursive: true, force: true });
}
