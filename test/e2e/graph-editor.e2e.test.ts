import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
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
if (!hasChromium) console.warn(`skipped: graph editor e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const ADMIN_PASSWORD = 'kanri2026Pass';
/** Where the screenshots go (looked at by a person after a change to the graph editor). */
const SHOTS = process.env.AUTHORING_SHOTS_DIR ?? join(tmpdir(), 'talkwith-authoring-shots');

describe.skipIf(!hasChromium)('graph editor end to end: the demo character imported, edited on the canvas', () => {
  let dataDir: string;
  let server: Standalone;
  let browser: Browser;
  let admin: Page;
  let prefix: string;
  let blocksUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'graph-e2e-'));
    const seeded = await seedAdminInto(dataDir);
    server = await startStandalone(dataDir);
    prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
      .ADMIN_PATH_PREFIX;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP' })).newPage();
    await firstAdminLogIn(admin, server.url, seeded, ADMIN_PASSWORD);
    await mkdir(SHOTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopStandalone(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const node = (id: string) => admin.locator(`.react-flow__node[data-id="${id}"]`);
  const savedPositions = () =>
    admin.waitForResponse((r) => r.url().endsWith('/positions') && r.request().method() === 'PUT');

  it('import, the demo character as a JSON file, opens its graph filling the window', async () => {
    await admin.goto(`${server.url}/${prefix}/characters`);
    await admin.getByRole('button', { name: '新しいキャラクター' }).click();
    await admin.getByLabel('名前', { exact: true }).fill('グラフ');
    await admin.getByLabel('スラッグ（URL 名）').fill(`graph-${Date.now() % 100_000}`);
    await admin.getByRole('button', { name: '追加する' }).click();
    await admin.waitForURL(new RegExp(`/${prefix}/characters/[^/]+$`));
    const file = join(dataDir, 'demo.json');
    await writeFile(file, JSON.stringify(demoCharacter));
    await admin.locator('input[type=file][accept^="application/json"]').setInputFiles(file);
    await admin.getByRole('button', { name: '適用する' }).click();
    await admin.getByText('インポートを適用しました。').waitFor();
    blocksUrl = `${admin.url()}/blocks`;

    await admin.goto(blocksUrl);
    await node('greet').waitFor();

    const canvas = await admin.locator('.bg-editor').boundingBox();
    expect(canvas!.y + canvas!.height).toBeGreaterThan(900 - 40);
    await admin.screenshot({ path: join(SHOTS, 'graph-editor-1440.png') });
  }, 120_000);

  it('drag from a block to another, answered 「再生後（自動遷移）」, draws the new edge and the side panel shows it', async () => {
    await node('topic-travel')
      .locator('.react-flow__handle.source')
      .dragTo(node('fortune').locator('.react-flow__handle.target'));
    const chooser = admin.getByRole('dialog');
    await chooser.getByText('「旅行の話」→「占い」の遷移を追加').waitFor();
    await admin.screenshot({ path: join(SHOTS, 'graph-editor-chooser-1440.png') });
    await chooser.getByLabel('再生後（自動遷移）').check();
    const saved = admin.waitForResponse((r) => r.url().includes('/blocks/') && r.request().method() === 'PUT');
    await chooser.getByRole('button', { name: '追加' }).click();
    expect((await saved).status()).toBe(200);
    await admin.screenshot({ path: join(SHOTS, 'graph-editor-added-1440.png') });

    // The edge itself, not a count of labels: a label shows only where it fits (or while its edge is selected).
    await admin
      .locator('.react-flow__edge[data-id^="topic-travel→fortune#play_final_block"]')
      .waitFor({ timeout: 10_000 });
    await node('topic-travel').click();
    const panel = admin.getByRole('complementary', { name: 'ブロックの編集' });
    await panel.locator('summary', { hasText: '自動遷移' }).first().click();
    await panel.locator('.bg-chip', { hasText: '占い' }).first().waitFor();
    await panel.getByRole('button', { name: '閉じる' }).click();
  }, 60_000);

  it('an edge selected and its × pressed, removes that transition', async () => {
    const edge = admin.locator('.react-flow__edge[data-id^="topic-travel→fortune#play_final_block"]');
    // Dispatched on this edge's own path: a click at a point could land on another edge crossing it there.
    await edge.locator('path.react-flow__edge-interaction').dispatchEvent('click');
    const saved = admin.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/blocks/'));
    await admin
      .locator('.bg-edge-label--selected[data-edge-id^="topic-travel→fortune#play_final_block"]')
      .getByRole('button', { name: 'この遷移を削除' })
      .click();
    expect((await saved).status()).toBe(200);

    await expect.poll(() => edge.count(), { timeout: 10_000 }).toBe(0);
  }, 60_000);

  it('a block dragged, keeps its place after a reload; 「自動配置」 puts it back', async () => {
    const start = await node('fortune').boundingBox();
    const saved = savedPositions();
    await admin.mouse.move(start!.x + 60, start!.y + 30);
    await admin.mouse.down();
    await admin.mouse.move(start!.x + 160, start!.y + 230, { steps: 8 });
    await admin.mouse.up();
    expect((await saved).status()).toBe(200);
    const placeOf = async () =>
      (await node('fortune').getAttribute('style'))
        ?.match(/translate\(([-\d.]+)px, ([-\d.]+)px\)/)
        ?.slice(1)
        .map((n) => Math.round(Number(n)));
    const moved = await placeOf();

    await admin.reload();
    await node('fortune').waitFor();
    expect(await placeOf()).toEqual(moved);

    const reset = savedPositions();
    await admin.getByRole('button', { name: '自動配置' }).click();
    expect((await (await reset).json()).positions).toEqual({});
    await expect.poll(placeOf, { timeout: 10_000 }).not.toEqual(moved);
  }, 60_000);

  it('a new block, with no trigger video, no listening and nothing leading to it, is marked on its node as unreachable and a dead end, in words', async () => {
    await admin.goto(blocksUrl);
    await admin.getByRole('link', { name: 'ブロックを追加' }).click();
    const panel = admin.getByRole('complementary', { name: 'ブロックの編集' });
    await panel.getByLabel('ブロックID').fill('lonely');
    await panel.getByLabel('タイトル', { exact: true }).fill('ひとりのブロック');
    await panel.getByRole('button', { name: '作成', exact: true }).click();
    const unreachable = 'どの開始ボタンからもたどり着けないブロックです。 — ブロック「ひとりのブロック」';
    const deadEnd =
      'トリガー動画も聞き取りも次のブロックもないため、会話がここで止まります。 — ブロック「ひとりのブロック」';

    const faults = admin.locator('.bg-faults');
    await faults.getByText('不備 2 件').waitFor({ timeout: 15_000 });
    await faults.getByRole('button', { name: unreachable }).click();

    const lonely = node('lonely').locator('.bg-node');
    await lonely.waitFor({ timeout: 10_000 });
    expect(await lonely.getAttribute('class')).toContain('bg-node--fault');
    expect(await lonely.locator('.bg-badge--fault').textContent()).toBe('不備 2');
    expect((await lonely.getAttribute('title'))?.split('\n')).toEqual([unreachable, deadEnd]);
    expect(await faults.getByRole('button', { name: deadEnd }).count()).toBe(1);
    await admin.screenshot({ path: join(SHOTS, 'graph-editor-faults-1440.png') });
  }, 60_000);

  it('a phone, 390×844, shows the graph and the panel as a sheet', async () => {
    const phone = await (
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'ja-JP',
        storageState: await admin.context().storageState(),
      })
    ).newPage();
    await phone.goto(`${blocksUrl}?block=greet`);
    await phone.locator('.react-flow__node[data-id="greet"]').waitFor();
    await phone.screenshot({ path: join(SHOTS, 'graph-editor-390.png') });
    await phone.close();
  }, 60_000);
});
