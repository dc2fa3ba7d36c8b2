import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
if (!hasChromium) console.warn(`skipped: console session e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const NEW_PASSWORD = 'kanri2026Pass';
const ROUNDS = 5;

/** Waits until the page shows the console (its navigation); otherwise says where it is and what it shows. */
async function landing(page: Page): Promise<string> {
  try {
    await page.locator('.admin-nav').waitFor({ timeout: 15_000 });
    return 'console';
  } catch {
    return `${page.url()}: ${(await page.locator('body').innerText()).slice(0, 120)}`;
  }
}

describe.skipIf(!hasChromium)('console sessions (standalone gateway, headless Chromium)', () => {
  let dataDir: string;
  let server: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let prefix: string;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'console-session-e2e-'));
    admin = await seedAdminInto(dataDir);
    server = await startStandalone(dataDir);
    prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
      .ADMIN_PATH_PREFIX;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    await firstAdminLogIn(await context.newPage(), server.url, admin, NEW_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopStandalone(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('two console tabs opened at once, both reach the console, round after round', async () => {
    const url = `${server.url}/${prefix}/characters`;
    for (let round = 0; round < ROUNDS; round += 1) {
      const tabs = await Promise.all([context.newPage(), context.newPage()]);
      await Promise.all(tabs.map((tab) => tab.goto(url)));
      const landed = await Promise.all(tabs.map(landing));
      await Promise.all(tabs.map((tab) => tab.close()));
      expect(landed, `round ${round + 1}`).toEqual(['console', 'console']);
    }
  }, 150_000);

  it('a console URL with the session gone, goes to the log-in page and back to that URL after logging in', async () => {
    const url = `${server.url}/${prefix}/characters`;
    await context.clearCookies();
    const page = await context.newPage();

    await page.goto(url);
    await page.waitForURL(/\/login\?redirect=/, { timeout: 20_000 });
    await page.fill('input[name=username]', admin.email);
    await page.fill('input[name=password]', NEW_PASSWORD);
    await page.click('button[type=submit]');

    await page.waitForURL(url, { timeout: 20_000 });
    expect(await landing(page)).toBe('console');
  }, 60_000);
});
