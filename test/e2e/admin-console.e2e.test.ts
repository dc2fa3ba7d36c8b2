import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chooseOption, firstAdminLogIn, seedAdminInto } from './authoring/console.ts';
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
/** こんにちは！ is one of the web client's own strings: the standalone translator (its glossary) knows it; the second cue it does not. */
const JA_VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nこんにちは！\n\n00:00:01.000 --> 00:00:02.000\nミライです\n';
const EN_VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHi there!\n\n00:00:01.000 --> 00:00:02.000\nI am Mirai\n';

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

  /** The library's row of one clip, by its title. */
  const clipRow = (title: string) =>
    page.locator('.admin-table tr', { has: page.locator('.video-title', { hasText: new RegExp(`^${title}$`) }) });
  const subtitlesOf = (title: string) => clipRow(title).locator('td[data-label="字幕"]').textContent();
  const openDetails = async (title: string) => {
    await clipRow(title).getByRole('link', { name: '詳細' }).click();
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 15_000 });
  };
  const openLibrary = async () => {
    await page.locator('.sub-nav').getByRole('link', { name: '動画' }).click();
    await page.getByText(/動画ライブラリ（\d+ 本）/).waitFor({ timeout: 15_000 });
  };

  it('subtitle files, three chosen at once, go to the clip and language their names say; one naming no clip is refused in words', async () => {
    const dir = join(dataDir, 'vtt');
    await mkdir(dir, { recursive: true });
    const files = { 'greet.vtt': JA_VTT, 'greet.en-US.vtt': EN_VTT, 'nothing.vtt': EN_VTT };
    for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);

    await page
      .locator('input[type=file][accept=".vtt,text/vtt"]')
      .setInputFiles(Object.keys(files).map((file) => join(dir, file)));

    const results = page.locator('.vtt-files__results');
    await results
      .locator('.vtt-file--saved', { hasText: 'greet.vtt' })
      .getByText('greet.mp4（ja-JP）に登録しました（2 件の字幕）。')
      .waitFor({ timeout: 20_000 });
    await results
      .locator('.vtt-file--saved', { hasText: 'greet.en-US.vtt' })
      .getByText('greet.mp4（en-US）に登録しました（2 件の字幕）。')
      .waitFor({ timeout: 20_000 });
    await results
      .getByRole('alert')
      .filter({ hasText: 'nothing.vtt' })
      .getByText('タイトル「nothing.mp4」の動画がありません。ファイル名を動画のタイトルに合わせてください。')
      .waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await subtitlesOf('greet.mp4'))?.split(', ').sort(), { timeout: 20_000 })
      .toEqual(['en-US', 'ja-JP']);
  }, 60_000);

  it('subtitle editor, a language the clip lacks, drafts it by translating the Japanese cues; the untranslated line is said, and the draft saves', async () => {
    await openDetails('greet.mp4');
    await page.getByLabel('言語', { exact: true }).selectOption('zh-TW');
    await page.getByText('zh-TW の字幕はまだありません。保存すると作成されます。').waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('翻訳元の言語').inputValue()).toBe('ja-JP');

    await page.getByRole('button', { name: '翻訳して下書き' }).click();

    await page
      .getByText(
        'ja-JP の字幕を翻訳して下書きにしました。確認してから保存してください。 1 行は翻訳できず原文のままです。',
      )
      .waitFor({ timeout: 20_000 });
    const editor = page.getByLabel('zh-TW/greet.vtt');
    expect(await editor.inputValue()).toBe(JA_VTT.replace('こんにちは！', '你好！'));
    await page.getByRole('button', { name: '字幕を保存する' }).click();
    await page.getByText('保存しました（2 件の字幕）。').waitFor({ timeout: 15_000 });
  }, 60_000);

  it('a clip renamed in the library keeps its subtitles in every language under the new name', async () => {
    await openLibrary();
    await clipRow('greet.mp4').getByRole('button', { name: '編集' }).click();
    const form = page.getByRole('form', { name: 'greet.mp4 の編集' });
    await form.getByLabel('タイトル（.mp4）').fill('hello.mp4');
    await form.getByRole('button', { name: '保存する' }).click();

    await clipRow('hello.mp4').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await subtitlesOf('hello.mp4'))?.split(', ').sort(), { timeout: 20_000 })
      .toEqual(['en-US', 'ja-JP', 'zh-TW']);
    await openDetails('hello.mp4');
    await expect.poll(() => page.getByLabel('ja-JP/hello.vtt').inputValue(), { timeout: 15_000 }).toBe(JA_VTT);
  }, 60_000);

  it('continuity, unchecked before a standby clip is chosen, is checked once it is; 「すべて再チェック」 says how many and the report its age', async () => {
    await openLibrary();
    await page.locator('.dropzone input[type=file]').setInputFiles(join(DEMO_VIDEOS, 'standby.mp4'));
    await clipRow('standby.mp4').waitFor({ timeout: 30_000 });
    await clipRow('hello.mp4').getByText('つながり未確認').waitFor({ timeout: 15_000 });

    await page.locator('.sub-nav').getByRole('link', { name: '初期設定' }).click();
    await chooseOption(page.getByLabel('待機動画', { exact: true }), 'standby.mp4');
    await page.getByRole('button', { name: '保存する', exact: true }).first().click();
    await page.getByText('保存しました。').first().waitFor({ timeout: 15_000 });
    await openLibrary();

    // The server re-checks every clip against the new standby clip in the background; the library follows.
    const unsettled = page.locator('.admin-table .badge', { hasText: /つながり(未確認|要再チェック)/ });
    await expect.poll(() => unsettled.count(), { timeout: 60_000 }).toBe(0);
    await page.getByRole('button', { name: 'すべて再チェック' }).click();
    await page.getByText(/^2 本のクリップを再チェックしました（注意 \d 本）。$/).waitFor({ timeout: 30_000 });

    await openDetails('hello.mp4');
    const report = page.locator('.card', { has: page.getByRole('heading', { name: '待機動画とのつながり' }) });
    await report.locator('time').waitFor({ timeout: 15_000 });
    expect(await report.locator('time').textContent()).toMatch(/^(1 分以内|\d+ 分前)$/);
    expect(await report.textContent()).toMatch(/\(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} JST\)/);
    expect(await report.getByText('待機動画が未設定').count()).toBe(0);
    const colour = report
      .locator('dt', { hasText: '最初のフレームの色の差' })
      .locator('xpath=following-sibling::dd[1]');
    expect(await colour.textContent()).toMatch(/^\d\.\d{3}$/);
  }, 120_000);
});
