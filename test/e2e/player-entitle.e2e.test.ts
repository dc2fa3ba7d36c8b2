import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { waitForPlaying } from './authoring/player.ts';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { customerPage, newCustomer, shooter, type AdminApi, type Customer } from './engagement-driver.ts';
import { CHROMIUM, hasChromium as chromiumFound, type Standalone } from './standalone.ts';
import { priceMirai, walletOf } from './talk-driver.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: player entitlement e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** ENTITLE_SHOTS=<dir> also saves the player's screens at phone and desktop sizes (for a person to look at). */
const shoot = shooter(process.env.ENTITLE_SHOTS);

/** The sandbox's test cards (services/billing/API.md § Provider). */
const GOOD_CARD = '4111 1111 1111 1111';
const CHALLENGE_CARD = '4000 0000 0000 3220';
const PRICE = 300;

/** What the player reads of GET /api/characters/by-slug/mirai (proto/catalog PlayableCharacter). */
interface Served {
  character: {
    access: string;
    dialogue: { blocks: Array<{ id: string }>; startButtons: Array<{ title: string }> };
    media: { videos: Record<string, string> };
  };
}

const isCharacterFetch = (withToken: boolean) => (response: Response) => {
  const url = new URL(response.url());
  return url.pathname === '/api/characters/by-slug/mirai' && url.searchParams.has('ticket_use_token') === withToken;
};
const isTalkStart = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/dialogue/talks';

/**
 * A priced character as a new customer meets it (issue 23, contract D3–D5),
 * against the real services: tickets bought with the sandbox cards, the
 * player served a preview (standby, start buttons, mic test; no other block
 * or clip), the mic test free, a ticket that fetches the whole character and
 * opens the talk with its token, exactly one ticket gone, and a ticket the
 * server does not accept answered calmly without playing.
 */
describe.skipIf(!hasChromium)(
  'paid character end to end: tickets bought, a preview served, a ticket opens the whole character and the talk (standalone gateway, headless Chromium)',
  () => {
    let world: ConsoleWorld;
    let server: Standalone;
    let browser: Browser;
    let adminApi: AdminApi;
    let customer: Customer;
    let page: Page;
    /** The customer's origin: the one billing's public URL names (the 3-D Secure page sends the browser back there, and the session cookie belongs to one host). */
    let site: string;

    /** Waits for a text of the page; on a time-out the error carries what the page said instead. */
    const expectText = async (text: string | RegExp, timeout = 30_000) => {
      try {
        await page.getByText(text).first().waitFor({ timeout });
      } catch (err) {
        const shown = await page
          .locator('body')
          .innerText()
          .catch(() => '(no body)');
        throw new Error(`${String(text)} not shown at ${page.url()}; the page said:\n${shown}`, { cause: err });
      }
    };
    const fillCard = async (number: string) => {
      await page.getByLabel('カード番号').fill(number);
      await page.getByLabel('有効期限（月/年）').fill('12/39');
      await page.getByLabel('セキュリティコード').fill('123');
    };
    const tickets = async () => (await walletOf(server.url, customer)).talk_tickets;

    beforeAll(async () => {
      world = await startConsoleWorld('player-entitle', { API_RATE_LIMIT_PER_MINUTE: '6000' });
      ({ server, browser, adminApi } = world);
      await priceMirai(adminApi, PRICE);
      customer = await newCustomer(server.url, adminApi, 'chiketto');
      site = server.url.replace('127.0.0.1', 'localhost');
      page = await customerPage(browser, site, customer);
    }, 180_000);

    afterAll(async () => {
      await page
        ?.context()
        .close()
        .catch(() => undefined);
      await world?.close();
    });

    it('tickets, one bought with the sandbox card typed in and one with the 3-D Secure card through the challenge page, are both in the wallet', async () => {
      await page.goto(`${site}/payment/process/credit?product_id=tickets-1`);
      await fillCard(GOOD_CARD);
      await page.getByRole('button', { name: '¥150を支払う' }).click();
      await expectText('お支払いが完了しました。ご購入ありがとうございます。');
      await expectText(/現在の残高：トークチケット 1枚/);

      await page.goto(`${site}/payment/process/credit?product_id=tickets-1`);
      await page.getByRole('radio', { name: '新しいカードを使う' }).check();
      await fillCard(CHALLENGE_CARD);
      await page.getByRole('button', { name: '¥150を支払う' }).click();
      await page.waitForURL(/\/api\/payment\/sandbox\/challenge\//, { timeout: 30_000 });
      await page.getByRole('button', { name: '認証する' }).click();
      await page.waitForURL(/\/payment\/process\/mpi_complete\?order_id=/);
      await expectText('お支払いが完了しました。ご購入ありがとうございます。');
      await expectText(/現在の残高：トークチケット 2枚/);

      expect(await tickets()).toBe(2);
    }, 120_000);

    it('player, the priced ミライ not bought, is served a preview: the standby and the start buttons, no block or clip beyond the mic test', async () => {
      const served = page.waitForResponse(isCharacterFetch(false));
      await page.goto(`${site}/full/chat/mirai`);
      const preview = (await (await served).json()) as Served;

      expect(preview.character.access).toBe('preview');
      expect(preview.character.dialogue.blocks.map((b) => b.id)).toEqual(['mic-test']);
      expect(Object.keys(preview.character.media.videos)).not.toContain('greet');
      expect(preview.character.dialogue.startButtons.map((b) => b.title)).toContain('話す');
      await page.getByRole('button', { name: '話す', exact: true }).waitFor();
      await waitForPlaying(page, 'standby.mp4');
      await shoot(page, 'entitle-preview-standby');
    }, 60_000);

    it('mic test, opened with ?mic_test=1 on the priced ミライ, plays the mic-test clip without asking for a ticket and spends none', async () => {
      const started = page.waitForRequest(isTalkStart);
      await page.goto(`${site}/full/chat/mirai?mic_test=1`);

      const start = await started;
      expect(start.postDataJSON()).toEqual({ character_id: 'demo-mirai', btn: 'micTest' });
      expect((await start.response())?.ok()).toBe(true);
      await waitForPlaying(page, 'mic_test.mp4');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await tickets()).toBe(2);
    }, 60_000);

    it('talk, one ticket used at the gate, fetches ミライ whole with its use_token, opens the talk with ticket_use_token, plays the greeting and one ticket is gone', async () => {
      await page.goto(`${site}/full/chat/mirai`);
      await page.getByRole('button', { name: '話す', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText('ミライと話すには、トークチケットを1枚使います（現在 2枚）。使いますか？')
        .waitFor({ timeout: 20_000 });
      await shoot(page, 'entitle-ticket-prompt');
      const refetched = page.waitForResponse(isCharacterFetch(true));
      const started = page.waitForRequest(isTalkStart);
      await dialog.getByRole('button', { name: '1枚使って話す' }).click();

      const whole = (await (await refetched).json()) as Served;
      expect(whole.character.access).toBe('ticket');
      expect(whole.character.dialogue.blocks.map((b) => b.id)).toContain('greet');
      const start = await started;
      const body = start.postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        character_id: 'demo-mirai',
        btn: 'btn-talk',
        ticket_use_token: expect.any(String) as unknown,
      });
      expect(body).not.toHaveProperty('ticket_use_id');
      expect((await start.response())?.ok()).toBe(true);
      await waitForPlaying(page, 'greet.mp4');
      await shoot(page, 'entitle-talk-playing');
      expect(await tickets()).toBe(1);
    }, 90_000);

    it('talk, a ticket the server does not accept (a forged token), shows the calm message, plays nothing and costs nothing', async () => {
      // The browser is handed a forged proof in place of billing's answer: no ticket is spent, the token is refused.
      await page.route('**/api/talk_tickets', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ ok: true, used: 1, talk_tickets: 0, use_id: 'forged', use_token: 'forged.token' }),
        }),
      );
      await page.goto(`${site}/full/chat/mirai`);
      await page.getByRole('button', { name: '話す', exact: true }).click();
      const started = page.waitForRequest(isTalkStart);
      await page.getByRole('dialog').getByRole('button', { name: '1枚使って話す' }).click();

      expect((await (await started).response())?.status()).toBe(403);
      await expectText('このトークチケットは使えませんでした。解決しない場合は、お問い合わせください。', 20_000);
      await waitForPlaying(page, 'standby.mp4');
      await page.getByRole('button', { name: '話す', exact: true }).waitFor();
      await shoot(page, 'entitle-ticket-refused');
      await page.unroute('**/api/talk_tickets');
      expect(await tickets()).toBe(1);
    }, 60_000);
  },
);
