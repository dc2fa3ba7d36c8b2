import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { firstAdminLogIn, registerThroughOutbox, seedAdminInto } from './authoring/console.ts';
import { waitForPlayingMatch } from './talk-driver.ts';
import {
  ARGS,
  CHROMIUM,
  hasChromium as chromiumFound,
  startStandalone,
  stopStandalone,
  type Standalone,
} from './standalone.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: billing e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const ADMIN_PASSWORD = 'kanri2026Pass';
const CUSTOMER_PASSWORD = 'kaimono2026';
/** The sandbox's test cards (services/billing/API.md § Provider). */
const CHALLENGE_CARD = '4000 0000 0000 3220';
const GOOD_CARD = '4111 1111 1111 1111';
/** Where the customer pages' screenshots go (looked at by a person after a change to these pages). */
const SHOTS = process.env.BILLING_SHOTS_DIR ?? join(tmpdir(), 'talkwith-billing-shots');
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** An admin's access token, logged in through the API (the console's own session stays as it is). */
async function apiToken(base: string, email: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: ADMIN_PASSWORD }),
  });
  const body = (await login.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`the admin could not log in: ${login.status}`);
  return body.accessToken;
}

describe.skipIf(!hasChromium)(
  'billing end to end: a customer subscribes, passes 3-D Secure, buys tickets, reads the history, cancels and resubscribes',
  () => {
    let dataDir: string;
    let server: Standalone;
    let browser: Browser;
    let admin: Page;
    let customer: Page;
    let prefix: string;
    /** The customer's origin: the one the billing service's public URL names (the 3-D Secure page sends the browser back there, and the session cookie belongs to one host). */
    let site: string;
    let adminEmail: string;
    const email = `kaimono-${Date.now()}@example.jp`;

    const shoot = async (name: string) => {
      await mkdir(SHOTS, { recursive: true });
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await customer.setViewportSize(viewport);
        // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
        await customer.evaluate('window.scrollTo(0, 0)');
        await customer.waitForTimeout(200);
        await customer.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true });
      }
      await customer.setViewportSize(VIEWPORTS.phone);
    };

    const planList = () => customer.locator('#plan_list');
    /** 「購入する ¥300」 under ミライ's card on /full/select_chat (the seeded ソラ has one too). */
    const miraiBuyLink = () =>
      customer.locator('.catalog-grid > li', { hasText: 'ミライ' }).getByRole('link', { name: '購入する ¥300' });

    /** Waits for a text of the customer's page; on a time-out the error carries what the page said instead. */
    const expectText = async (text: string | RegExp, timeout = 30_000) => {
      try {
        await customer.getByText(text).first().waitFor({ timeout });
      } catch (err) {
        const shown = await customer
          .locator('main')
          .innerText()
          .catch(() => '(no main)');
        throw new Error(`${String(text)} not shown at ${customer.url()}; the page said:\n${shown}`, { cause: err });
      }
    };

    const fillCard = async (number: string) => {
      await customer.getByLabel('カード番号').fill(number);
      await customer.getByLabel('有効期限（月/年）').fill('12/39');
      await customer.getByLabel('セキュリティコード').fill('123');
    };

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'billing-e2e-'));
      const seeded = await seedAdminInto(dataDir);
      adminEmail = seeded.email;
      server = await startStandalone(dataDir);
      prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
        .ADMIN_PATH_PREFIX;
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
      admin = await (await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ja-JP' })).newPage();
      await firstAdminLogIn(admin, server.url, seeded, ADMIN_PASSWORD);
      site = server.url.replace('127.0.0.1', 'localhost');
      customer = await (await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' })).newPage();
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await stopStandalone(server);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('customer, registered and confirmed through the mail outbox, sees no plan, the monthly plan on offer and an empty wallet', async () => {
      await registerThroughOutbox(
        customer,
        admin,
        { site, adminBase: server.url, prefix },
        { email, password: CUSTOMER_PASSWORD, dateOfBirth: '1998-08-08' },
      );

      await planList().getByText('現在ご契約中のプランはありません。').waitFor();
      await planList().getByText('TALK WITH 月額プラン').waitFor();
      await planList().getByRole('link', { name: '購入する ¥700' }).waitFor();
      await shoot('mypage-plan-list-empty');
    }, 90_000);

    it('subscribe, PROD001 paid with the 3-D Secure card typed in, passes the challenge page, turns the plan on and grants 10 tickets', async () => {
      await planList().getByRole('link', { name: '登録する' }).click();
      await customer.waitForURL(/\/payment\/process\/credit\?plan_code=PROD001$/);
      await fillCard(CHALLENGE_CARD);
      await shoot('payment-credit-plan');
      await customer.getByRole('button', { name: '¥1,100を支払う' }).click();
      await customer.waitForURL(/\/api\/payment\/sandbox\/challenge\//, { timeout: 30_000 });
      await customer.getByText('3-Dセキュア認証（サンドボックス）').first().waitFor();
      await shoot('payment-challenge');
      await customer.getByRole('button', { name: '認証する' }).click();

      await customer.waitForURL(/\/payment\/process\/mpi_complete\?order_id=sub-.+kind=subscription/);
      await expectText('「TALK WITH 月額プラン」のご登録が完了しました。');
      await expectText(/現在の残高：トークチケット 10枚/);
      await shoot('payment-subscribed');

      await customer.getByRole('link', { name: 'プラン一覧へ戻る' }).click();
      await planList().getByText('契約中', { exact: true }).waitFor();
      await planList().getByText('10枚', { exact: true }).waitFor();
      await planList()
        .getByText(/うち10枚が.+に失効/)
        .waitFor();
      await shoot('mypage-plan-list-active');
    }, 60_000);

    it('ticket pack, bought with the saved 3-D Secure card, goes through the challenge page and comes back paid', async () => {
      await planList().getByRole('link', { name: '購入する ¥700' }).click();
      await customer.waitForURL(/product_id=tickets-5/);
      await customer.getByRole('radio', { name: /3220/ }).check();
      await customer.getByRole('button', { name: '¥700を支払う' }).click();
      await customer.waitForURL(/\/api\/payment\/sandbox\/challenge\//, { timeout: 30_000 });
      await customer.getByRole('button', { name: '認証する' }).click();

      await customer.waitForURL(/\/payment\/process\/mpi_complete\?order_id=/);
      await expectText('お支払いが完了しました。ご購入ありがとうございます。');
      await expectText(/現在の残高：トークチケット 15枚/);
      await shoot('payment-mpi-complete');
    }, 60_000);

    it('ticket pack, bought with a new 4111 card, is paid at once and the history lists both packs', async () => {
      await customer.goto(`${site}/payment/process/credit?product_id=tickets-1`);
      await customer.getByRole('radio', { name: '新しいカードを使う' }).check();
      await fillCard(GOOD_CARD);
      await customer.getByRole('button', { name: '¥150を支払う' }).click();
      await expectText('お支払いが完了しました。ご購入ありがとうございます。');
      await expectText(/現在の残高：トークチケット 16枚/);

      await customer.getByRole('link', { name: '購入履歴' }).click();
      await customer.waitForURL(/\/full\/purchases$/);
      const history = customer.getByRole('list', { name: '購入履歴' });
      await history.getByText('トークチケット 1枚').waitFor();
      await history.getByText('トークチケット 5枚').waitFor();
      expect(await history.getByText('お支払い済み').count()).toBeGreaterThanOrEqual(2);
      await shoot('purchases');
    }, 60_000);

    it('plan, cancelled then resubscribed through the confirm dialogs, is active again', async () => {
      await customer.goto(`${site}/mypage#plan_list`);
      await planList().getByRole('button', { name: '解約する' }).click();
      // The reason step first (cancel_reasons/list), then the confirm dialog.
      await planList().getByRole('radio', { name: '料金が高い' }).check();
      await planList().getByRole('button', { name: '次へ' }).click();
      await customer.getByRole('dialog').getByRole('button', { name: '解約する' }).click();
      await planList().getByText('解約済み（期間終了まで利用可）').waitFor();
      await shoot('mypage-plan-list-canceled');

      await planList().getByRole('button', { name: 'プランを再開する' }).click();
      await customer.getByRole('dialog').getByRole('button', { name: 'プランを再開する' }).click();
      await planList().getByText('契約中', { exact: true }).waitFor();
      await planList().getByRole('button', { name: '解約する' }).waitFor();
    }, 60_000);

    it('talk ticket, for the demo character given a price, is asked for before the talk and one is used; the menu offers to buy the character', async () => {
      const adminToken = await apiToken(server.url, adminEmail);
      const demo = (await (await fetch(`${server.url}/api/characters/by-slug/mirai`)).json()) as {
        character: { id: string; name: string };
      };
      const adminApi = `${server.url}/api/${prefix}`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
      expect(
        (
          await fetch(`${adminApi}/characters/${demo.character.id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ price: 300 }),
          })
        ).status,
      ).toBe(200);
      expect(
        (await fetch(`${adminApi}/characters/${demo.character.id}/publish`, { method: 'POST', headers, body: '{}' }))
          .status,
      ).toBe(200);

      await customer.goto(`${site}/full/select_chat`);
      // The seeded ソラ is ¥300 too: look at ミライ's card only.
      await miraiBuyLink().waitFor({ timeout: 30_000 });
      await customer.goto(`${site}/full/chat/mirai`);
      await customer.locator('.player__buttons button').first().click();
      const dialog = customer.getByRole('dialog');
      await dialog
        .getByText(`${demo.character.name}と話すには、トークチケットを1枚使います（現在 16枚）。使いますか？`)
        .waitFor({ timeout: 15_000 });
      await shoot('player-ticket-prompt');
      await dialog.getByRole('button', { name: '1枚使って話す' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The talk began: the standby panel with its start buttons is gone.
      await customer.locator('.player__hint').waitFor({ state: 'detached', timeout: 15_000 });
      // The ticket is spent once the first reply is on screen; leaving before that gives it back (the talk never played).
      await waitForPlayingMatch(customer, '^(?!.*/standby\\.mp4$)');

      await customer.goto(`${site}/mypage#plan_list`);
      await planList().getByText('15枚', { exact: true }).waitFor();
    }, 90_000);

    it('character, bought from the menu with the saved 4111 card, is then talked with without a ticket', async () => {
      await customer.goto(`${site}/full/select_chat`);
      await miraiBuyLink().click();
      await customer.waitForURL(/product_id=character/);
      await customer.getByRole('radio', { name: /1111/ }).check();
      await customer.getByRole('button', { name: '¥300を支払う' }).click();
      await expectText('お支払いが完了しました。ご購入ありがとうございます。');

      await customer.goto(`${site}/full/chat/mirai`);
      await customer.locator('.player__buttons button').first().click();
      // Owned: the talk begins at once, no ticket asked for and none used.
      await customer.locator('.player__hint').waitFor({ state: 'detached', timeout: 15_000 });
      expect(await customer.getByRole('dialog').count()).toBe(0);
      await customer.goto(`${site}/mypage#plan_list`);
      await planList().getByText('15枚', { exact: true }).waitFor();
    }, 90_000);

    it('commerce_law and settlement_law, opened by a guest, show the notices', async () => {
      const guest = await (await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' })).newPage();
      await guest.goto(`${server.url}/settlement_law`);
      await guest.getByRole('heading', { name: '資金決済法に基づく表示' }).waitFor();
      await guest.goto(`${server.url}/commerce_law`);
      await guest.getByRole('heading', { name: '特定商取引法に基づく表記' }).waitFor();
      await guest.close();
      await customer.goto(`${site}/commerce_law`);
      await customer.getByText('デジタルコンテンツの性質上').waitFor();
      await shoot('commerce-law');
    }, 60_000);
  },
);
