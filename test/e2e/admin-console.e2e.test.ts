import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
if (!hasChromium) console.warn(`skipped: admin console e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const NEW_PASSWORD = 'kanri2026Pass';
const DEMO_VIDEOS = join(import.meta.dirname, '..', '..', 'services', 'dialogue-engine', 'demo', 'assets', 'videos');

describe.skipIf(!hasChromium)('admin console end to end (standalone gateway, headless Chromium)', () => {
  let dataDir: string;
  let server: Standalone;
  let browser: Browser;
  let page: Page;
  let prefix: string;
  let admin: { email: string; password: string };
  const name = `テスト花子${Date.now() % 10_000}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'admin-console-e2e-'));
    admin = await seedAdminInto(dataDir);
    server = await startStandalone(dataDir);
    prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
      .ADMIN_PATH_PREFIX;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' })).newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopStandalone(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('admin console, after the first log-in through the form and a password change, lists ミライ and still does after a reload', async () => {
    await firstAdminLogIn(page, server.url, admin, NEW_PASSWORD);

    // Through the menu first (the config fetched after log-in must already tell the prefix), then a full reload.
    await page.locator('.menu-button').click();
    await page.getByRole('link', { name: '管理画面' }).click();
    await page.locator('.admin-nav').getByRole('link', { name: 'キャラクター' }).click();
    await page.waitForURL(`${server.url}/${prefix}/characters`);
    await page.locator('.admin-table').getByText('ミライ').waitFor();
    await page.reload();
    await page.locator('.admin-table').getByText('ミライ').waitFor();
    expect(await page.getByText('このページは見つかりません。').count()).toBe(0);
  }, 90_000);

  it("characters list, a new character added through its form, opens its detail page with the validator's faults and publishing held back", async () => {
    await page.goto(`${server.url}/${prefix}/characters`);
    await page.getByRole('button', { name: '新しいキャラクター' }).click();
    await page.getByLabel('名前', { exact: true }).fill(name);
    await page.getByRole('button', { name: '追加する' }).click();
    await page.waitForURL(new RegExp(`/${prefix}/characters/[^/]+$`));
    await page.getByRole('heading', { name }).waitFor();
    await page.getByText('非公開').first().waitFor();
    // An empty character cannot be published: the validator's faults are listed in Japanese and the button waits.
    await page.locator('.fault-list li').first().waitFor();
    expect(await page.locator('.fault-list li').first().textContent()).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(await page.getByRole('button', { name: '公開する' }).isDisabled()).toBe(true);
    await page.goto(`${server.url}/${prefix}/characters`);
    await page.locator('.admin-table').getByText(name).waitFor();
  }, 60_000);

  it('video library, a demo clip uploaded to the new character, shows the finished upload and the clip with its media info', async () => {
    await page.locator('.admin-table').getByRole('link', { name }).click();
    await page.locator('.sub-nav').getByRole('link', { name: '動画' }).click();
    await page.getByText('動画ライブラリ（0 本）').waitFor();
    await page.locator('.dropzone input[type=file]').setInputFiles(join(DEMO_VIDEOS, 'greet.mp4'));
    await page.locator('.upload--done').getByText('greet.mp4').waitFor({ timeout: 30_000 });
    const row = page.locator('.admin-table tr', { hasText: 'greet.mp4' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\d+\.\d s/);
  }, 60_000);
});
