import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoTests } from '@talkwith/dialogue-engine/demo';
import { chooseOption } from './authoring/console.ts';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { newCustomer, shooter, type Customer } from './engagement-driver.ts';
import { CHROMIUM, hasChromium as chromiumFound, type Standalone } from './standalone.ts';
import { say, talkCallsOf } from './talk-driver.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: versions e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** VERSIONS_SHOTS=<dir> also saves the operator's screens at phone and desktop sizes. */
const shoot = shooter(process.env.VERSIONS_SHOTS);
const GREETING = 'あいさつ・話題えらび';
const EDITED = 'あいさつ（版のテスト）';
/** Not one of ミライ's words: the edit makes the greeting answer it with 旅行の話. */
const NEW_WORD = 'パンダ';
const TEST_NAME = 'パンダは旅行の話へ';

/**
 * Issue 25's journey, end to end: the operator edits ミライ (published as v1)
 * — a new title and a new hit word — and is asked before leaving the block
 * with the edit unsaved; tries the draft in the simulator and saves the talk
 * as a test; sees the badge and the change in words, publishes v2 with a note
 * (the saved test run and passing), restores v1 into the draft, publishes v3
 * (the saved test now fails: v1 does not know the word, so the operator
 * confirms); a customer gets v1's content again.
 */
describe.skipIf(!hasChromium)(
  'versions end to end: edit a live character, try it, test it, see what changed, publish, go back (standalone gateway, headless Chromium)',
  () => {
    let world: ConsoleWorld;
    let server: Standalone;
    let admin: Page;
    let customer: Customer;

    const consolePath = (path: string) => world.consolePath(path);
    /** The greeting's title in what a player of ミライ is served. */
    const servedGreetingTitle = async () => {
      const reply = await fetch(`${server.url}/api/characters/by-slug/mirai`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      const body = (await reply.json()) as {
        character: { dialogue: { blocks: Array<{ id: string; title: string }> } };
      };
      return body.character.dialogue.blocks.find((b) => b.id === 'greet')?.title;
    };
    const publishCard = () =>
      admin.locator('.card', { has: admin.getByRole('heading', { name: '公開', exact: true }) });

    beforeAll(async () => {
      world = await startConsoleWorld('versions', { API_RATE_LIMIT_PER_MINUTE: '6000' });
      ({ server, admin } = world);
      customer = await newCustomer(server.url, world.adminApi, 'versions');
    }, 180_000);

    afterAll(async () => {
      await world?.close();
    });

    it('block editor, an unsaved title and hit word and another block clicked, asks first; staying keeps the edit, which is then saved', async () => {
      await admin.goto(consolePath('characters/demo-mirai/blocks?view=list&block=greet'));
      const panel = admin.getByRole('complementary', { name: 'ブロックの編集' });
      await panel.getByLabel('タイトル', { exact: true }).fill(EDITED);
      await panel.locator('summary', { hasText: 'ヒットワード' }).first().click();
      await panel.getByRole('button', { name: 'ヒットワードを追加' }).click();
      await panel.getByLabel('ワード', { exact: true }).last().fill(NEW_WORD);
      await chooseOption(panel.getByLabel('遷移先ブロック').last(), '旅行の話');
      const asked = new Promise<string>((resolve) => {
        admin.once('dialog', (dialog) => {
          resolve(dialog.message());
          void dialog.dismiss();
        });
      });

      await admin.locator('table').getByRole('button', { name: 'topic-food', exact: true }).click();

      expect(await asked).toBe('保存していない変更があります。移動すると変更は失われます。移動しますか？');
      expect(await panel.getByLabel('タイトル', { exact: true }).inputValue()).toBe(EDITED);
      expect(await panel.getByLabel('ワード', { exact: true }).last().inputValue()).toBe(NEW_WORD);
      await panel.getByRole('button', { name: '保存', exact: true }).click();
      await panel.getByText('保存しました。').waitFor({ timeout: 15_000 });
    }, 90_000);

    it('simulator, the edited draft told the new word, goes to 旅行の話; the talk saved as a test is listed on the tests page', async () => {
      const talkCalls = talkCallsOf(admin);
      await admin.goto(consolePath('characters/demo-mirai/try'));
      await admin.getByTestId('preview-marker').waitFor({ timeout: 30_000 });
      await admin.getByRole('button', { name: '話す', exact: true }).click();
      await say(admin, `${NEW_WORD}が好き`);

      await admin.getByTestId('sim-block').filter({ hasText: '旅行の話' }).waitFor({ timeout: 30_000 });
      expect(await admin.getByTestId('sim-trace').textContent()).toContain(`旅行の話（ヒットワード「${NEW_WORD}」）`);
      await admin.getByLabel('テストの名前').fill(TEST_NAME);
      await admin.getByRole('button', { name: 'この会話をテストとして保存' }).click();

      await admin.getByText(new RegExp(`テスト「${TEST_NAME}」を保存しました`)).waitFor({ timeout: 15_000 });
      await shoot(admin, 'versions-simulator-saved');
      expect(talkCalls).toEqual([]);
      expect(await servedGreetingTitle()).toBe(GREETING);
      await admin.goto(consolePath('characters/demo-mirai/tests'));
      await admin.getByRole('list', { name: 'テストの一覧' }).getByText(TEST_NAME).waitFor({ timeout: 20_000 });
    }, 120_000);

    it('detail page, after the edit, shows 未公開の変更あり and the title change in words; publishing with a note runs the saved test (passing), keeps v2 and clears the badge', async () => {
      await admin.goto(consolePath('characters/demo-mirai'));
      const changes = admin.getByRole('region', { name: '公開中の版 v1 からの変更' });
      await changes.getByText(`${GREETING} → ${EDITED}`).waitFor({ timeout: 20_000 });
      expect(await publishCard().getByText('未公開の変更あり').count()).toBe(1);
      await shoot(admin, 'versions-pending');

      await admin.getByLabel('この版のメモ（任意）').fill('あいさつの名前を変更');
      await admin.getByRole('button', { name: '現在の内容で公開し直す' }).click();

      await publishCard().getByText('公開中 v2').waitFor({ timeout: 20_000 });
      const report = publishCard().getByRole('region', { name: 'テストの結果' });
      await report.getByText(`${demoTests.length + 1} 件のテストがすべて合格しました。`).waitFor({ timeout: 15_000 });
      expect(await report.locator('.ct-result--passed', { hasText: TEST_NAME }).count()).toBe(1);
      await shoot(admin, 'versions-published-tests');
      await admin.getByText('公開中の版との違いはありません。').waitFor();
      expect(await admin.getByText('未公開の変更あり').count()).toBe(0);
      await admin.locator('tr', { hasText: 'あいさつの名前を変更' }).getByText('v2').waitFor();
      expect(await servedGreetingTitle()).toBe(EDITED);
    }, 90_000);

    it('versions list, v1 restored into the draft, leaves players on v2 and shows the badge again', async () => {
      const v1 = admin.locator('tr', { has: admin.getByText('v1', { exact: true }) });
      await v1.getByRole('button', { name: '今の下書きとの違い' }).click();
      await admin
        .getByRole('region', { name: 'v1 から今の下書きへの変更' })
        .getByText(`${GREETING} → ${EDITED}`)
        .waitFor({ timeout: 15_000 });
      await shoot(admin, 'versions-list');

      await v1.getByRole('button', { name: 'この版を下書きに戻す' }).click();
      await shoot(admin, 'versions-restore-dialog');
      await admin.getByRole('button', { name: '下書きに戻す', exact: true }).click();

      await admin.getByText('v1 を下書きに戻しました。内容を確かめて公開してください。').waitFor({ timeout: 15_000 });
      await publishCard().getByText('未公開の変更あり').waitFor({ timeout: 15_000 });
      expect(await servedGreetingTitle()).toBe(EDITED);
    }, 90_000);

    it("publish again, after the restore, is stopped by the saved test (v1 does not know the word); 「それでも公開する」 is v3 and the player gets v1's content", async () => {
      await admin
        .getByRole('region', { name: '公開中の版 v2 からの変更' })
        .getByText(`${EDITED} → ${GREETING}`)
        .waitFor({ timeout: 15_000 });
      await admin.getByLabel('この版のメモ（任意）').fill('v1 に戻す');
      await admin.getByRole('button', { name: '現在の内容で公開し直す' }).click();

      await admin.getByText(/テストが1件失敗したため公開できません/).waitFor({ timeout: 20_000 });
      const report = publishCard().getByRole('region', { name: 'テストの結果' });
      expect(await report.locator('.ct-result--failed', { hasText: TEST_NAME }).count()).toBe(1);
      expect(await publishCard().getByText('公開中 v2').count()).toBe(1);
      await shoot(admin, 'versions-restore-test-failed');
      await admin.getByRole('button', { name: 'それでも公開する' }).click();
      await publishCard().getByText('公開中 v3').waitFor({ timeout: 20_000 });
      expect(await servedGreetingTitle()).toBe(GREETING);
      await shoot(admin, 'versions-after');
    }, 90_000);
  },
);
