import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { demoAssetsDir } from '@talkwith/dialogue-engine/demo';
import { chooseOption, firstAdminLogIn, registerThroughOutbox, seedAdminInto } from './authoring/console.ts';
import { publishedClipPaths, waitForPlaying } from './authoring/player.ts';
import {
  ARGS,
  CHROMIUM,
  hasChromium as chromiumFound,
  startStandalone,
  stopStandalone,
  type Standalone,
} from './standalone.ts';
import { LISTENING } from './talk-driver.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: authoring e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** Clips made by the demo generator (scripts/demo-character/): a standby loop, a greeting, a listen loop and a reply. */
const CLIPS = ['standby.mp4', 'greet.mp4', 'listen_1.mp4', 'food_reply.mp4'].map((file) =>
  join(demoAssetsDir, 'videos', file),
);
const ADMIN_PASSWORD = 'kanri2026Pass';
const CUSTOMER_PASSWORD = 'hanako2024';
const NAME = 'テスト';
const SLUG = `test-${Date.now() % 100_000}`;
const START_TITLE = 'はじめる';
const HIT_WORD = 'ラーメン';
/** Where the block editor's screenshots go (looked at by a person after a change to the editor). */
const SHOTS = process.env.AUTHORING_SHOTS_DIR ?? join(tmpdir(), 'talkwith-authoring-shots');

describe.skipIf(!hasChromium)(
  'authoring end to end: an admin builds テスト in the browser, publishes it, and a customer talks to it',
  () => {
    let dataDir: string;
    let server: Standalone;
    let browser: Browser;
    let admin: Page;
    let prefix: string;
    let seeded: { email: string; password: string };
    const customerEmail = `customer-${Date.now()}@example.jp`;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'authoring-e2e-'));
      seeded = await seedAdminInto(dataDir);
      server = await startStandalone(dataDir);
      prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
        .ADMIN_PATH_PREFIX;
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
      admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' })).newPage();
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await stopStandalone(server);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const tab = (name: string) => admin.locator('.sub-nav').getByRole('link', { name, exact: true });

    it('admin console, a new character テスト with four demo clips uploaded through the library, lists them finished', async () => {
      await firstAdminLogIn(admin, server.url, seeded, ADMIN_PASSWORD);
      await admin.goto(`${server.url}/${prefix}/characters`);
      await admin.getByRole('button', { name: '新しいキャラクター' }).click();
      await admin.getByLabel('名前', { exact: true }).fill(NAME);
      await admin.getByLabel('スラッグ（URL 名）').fill(SLUG);
      await admin.getByRole('button', { name: '追加する' }).click();
      await admin.waitForURL(new RegExp(`/${prefix}/characters/[^/]+$`));
      await admin.getByRole('heading', { name: NAME }).waitFor();

      await tab('動画').click();
      await admin.getByText('動画ライブラリ（0 本）').waitFor();
      await admin.locator('.dropzone input[type=file]').setInputFiles(CLIPS);
      await admin.getByText('動画ライブラリ（4 本）').waitFor({ timeout: 40_000 });
      await expect.poll(async () => admin.locator('.upload--done').count(), { timeout: 20_000 }).toBe(4);
      expect(await admin.locator('.upload--failed').count()).toBe(0);
    }, 90_000);

    it('block graph editor, a reply block and a greeting block that listens and routes the hit word to it, draws both with the hit-word edge', async () => {
      await tab('ブロック').click();
      await addBlock({ id: 'reply', title: 'ラーメンの返事', trigger: 'food_reply' });
      await addBlock({
        id: 'greeting',
        title: 'あいさつ',
        trigger: 'greet',
        listen: 'listen_1',
        hitWord: { word: HIT_WORD, target: 'reply' },
      });

      const graph = admin.locator('.react-flow');
      await graph.getByText('あいさつ').first().waitFor();
      await graph.getByText('ラーメンの返事').first().waitFor();
      await graph.locator('.bg-edge-label', { hasText: `ヒット: ${HIT_WORD}` }).waitFor();

      // A node clicked opens its block in the side panel, as the server stored it.
      const panel = admin.getByRole('complementary', { name: 'ブロックの編集' });
      await panel.getByRole('button', { name: '閉じる' }).click();
      await panel.waitFor({ state: 'detached' });
      await graph.locator('.bg-node', { hasText: 'あいさつ' }).click();
      await panel.getByRole('heading', { name: 'あいさつ' }).waitFor();
      await mkdir(SHOTS, { recursive: true });
      await admin.screenshot({ path: join(SHOTS, 'blocks-panel-basic-1280x800.png') });
      await panel.locator('summary', { hasText: /^ヒットワード$/ }).click();
      expect(await panel.getByLabel('ワード', { exact: true }).inputValue()).toBe(HIT_WORD);
      expect(await panel.getByLabel('遷移先ブロック').inputValue()).toBe('reply');
      // Pickers read title first: the closed select shows the clip's name, not a cut-off id.
      expect(await panel.getByLabel('トリガー動画').locator('option:checked').textContent()).toMatch(
        /^greet\.mp4（.+）$/,
      );
      await expect.poll(async () => tab('ブロック').getAttribute('aria-current')).toBe('page');

      await admin.screenshot({ path: join(SHOTS, 'blocks-panel-1280x800.png') });
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.screenshot({ path: join(SHOTS, 'blocks-panel-390x844.png') });
      await admin.setViewportSize({ width: 1280, height: 800 });
    }, 60_000);

    async function addBlock(block: {
      id: string;
      title: string;
      trigger: string;
      listen?: string;
      hitWord?: { word: string; target: string };
    }): Promise<void> {
      await admin.getByRole('link', { name: 'ブロックを追加' }).click();
      const panel = admin.getByRole('complementary', { name: 'ブロックの編集' });
      await panel.getByLabel('ブロックID').fill(block.id);
      await panel.getByLabel('タイトル', { exact: true }).fill(block.title);
      await chooseOption(panel.getByLabel('トリガー動画'), block.trigger);
      if (block.listen) {
        await panel.locator('summary', { hasText: '聞き取り' }).first().click();
        await chooseOption(panel.getByLabel('聞き取り動画', { exact: true }), block.listen);
        await panel.locator('.bg-chip', { hasText: block.listen }).waitFor();
      }
      if (block.hitWord) {
        await panel.locator('summary', { hasText: /^ヒットワード$/ }).click();
        await panel.getByRole('button', { name: 'ヒットワードを追加' }).click();
        await chooseOption(panel.getByLabel('遷移先ブロック'), block.hitWord.target);
        // Typed, then Enter: the form is submitted with the word (no blur needed).
        await panel.getByLabel('ワード', { exact: true }).fill(block.hitWord.word);
        await panel.getByLabel('ワード', { exact: true }).press('Enter');
      } else {
        await panel.getByRole('button', { name: '作成', exact: true }).click();
      }
      await admin.waitForURL(new RegExp(`/blocks\\?block=${block.id}$`));
    }

    it('initial setting and publishing, with the standby clip and a start button but no default start button, shows that one fault, and publishes once it is set', async () => {
      // Straight from the blocks page through the character's tabs.
      await tab('初期設定').click();
      await chooseOption(admin.getByLabel('待機動画'), 'standby');
      await admin.getByRole('button', { name: '保存する', exact: true }).click();
      await admin.getByText('保存しました。').first().waitFor();
      await admin.getByRole('button', { name: 'スタートボタンを追加' }).click();
      await admin.getByLabel('スタートボタン 1 行目 表示名').fill(START_TITLE);
      await chooseOption(admin.getByLabel('スタートボタン 1 行目 最初のブロック'), 'greeting');
      await admin.getByRole('button', { name: 'リストを保存する' }).click();
      await expect.poll(async () => admin.getByText('保存しました。').count()).toBe(2);

      await tab('基本情報').click();
      // Only the one fault is left (the list may first show what was cached when the character was new).
      const faults = admin.locator('.fault-list li');
      await expect
        .poll(async () => faults.allInnerTexts(), { timeout: 10_000 })
        .toEqual([expect.stringContaining('デフォルトの開始ボタンが設定されていません。')]);
      expect(await admin.getByRole('button', { name: '公開する' }).isDisabled()).toBe(true);

      await tab('初期設定').click();
      await chooseOption(admin.getByLabel('既定のスタートボタン'), START_TITLE);
      await admin.getByRole('button', { name: '保存する', exact: true }).click();
      await admin.getByText('保存しました。').first().waitFor();
      await tab('基本情報').click();
      await admin.getByText('問題は見つかりませんでした。公開できます。').waitFor();
      await admin.getByRole('button', { name: '公開する' }).click();
      await admin.getByText('公開中 v1').waitFor();
    }, 60_000);

    it('customer, registered and confirmed through the mail outbox, finds テスト, presses the start button and types the hit word, and the reply clip plays and ends the talk', async () => {
      const customer = await (
        await browser.newContext({ viewport: { width: 375, height: 667 }, locale: 'ja-JP' })
      ).newPage();
      await registerThroughOutbox(
        customer,
        admin,
        { site: server.url, adminBase: server.url, prefix },
        { email: customerEmail, password: CUSTOMER_PASSWORD, dateOfBirth: '2000-04-01' },
      );

      await customer.goto(`${server.url}/full/select_chat`);
      await customer.getByRole('link', { name: new RegExp(NAME) }).click();
      await customer.waitForURL(`${server.url}/full/chat/${SLUG}`);
      const paths = await publishedClipPaths(customer, server.url, SLUG);
      await waitForPlaying(customer, paths['standby.mp4']!);
      await customer.getByRole('button', { name: START_TITLE, exact: true }).click();
      await waitForPlaying(customer, paths['greet.mp4']!);
      await customer.getByText(LISTENING).waitFor({ timeout: 15_000 });
      await customer.fill('input[name=utterance]', HIT_WORD);
      await customer.getByRole('button', { name: '送る' }).click();
      await waitForPlaying(customer, paths['food_reply.mp4']!, 30_000);
      // The reply block goes nowhere after its clip: the conversation ends there.
      await customer.getByText('会話が終わりました').waitFor({ timeout: 20_000 });
      // The server's conversation tracker recorded the step and what was said (/chat lists the caller's talks).
      // (The player no longer keeps the words on screen into the next block unless show_previous_block_speech says so.)
      await customer.goto(`${server.url}/chat`);
      await customer.getByText(HIT_WORD).first().waitFor({ timeout: 15_000 });
      await customer.context().close();
    }, 90_000);
  },
);
