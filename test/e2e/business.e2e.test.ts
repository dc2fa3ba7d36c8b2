import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { waitForPlaying } from './authoring/player.ts';
import { logIn } from './authoring/console.ts';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { shooter, VIEWPORTS, type AdminApi, type Customer } from './engagement-driver.ts';
import { CHROMIUM, hasChromium as chromiumFound, type Standalone } from './standalone.ts';
import { walletOf } from './talk-driver.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: business e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** BUSINESS_SHOTS=<dir> also saves the new screens at phone and wide-desktop sizes (for a person to look at). */
const shootAt = shooter(process.env.BUSINESS_SHOTS, { phone: VIEWPORTS.phone, desktop: { width: 1440, height: 900 } });
/** From the top: a full-page shot of a scrolled page draws the sticky header in the middle. */
const shoot = async (page: Page, name: string) => {
  await page.evaluate('window.scrollTo(0, 0)');
  await shootAt(page, name);
};

const PASSWORD = 'sorauranai2026';
/** The sandbox's test cards (services/billing/API.md § Provider). */
const GOOD_CARD = '4111 1111 1111 1111';
const CHALLENGE_CARD = '4000 0000 0000 3220';
/** The seeded priced demo character (services/catalog/API.md § Demo characters). */
const SORA = { id: 'demo-sora', slug: 'sora', price: 300, action: { code: 'SORA_SPECIAL', points: 5 } } as const;
/** A readable order number (services/billing/API.md § Order numbers). */
const ORDER_NUMBER = /TW-\d{4}-[2-9A-HJ-NP-Z]{4,}/;

/** What the player reads of GET /api/characters/by-slug/sora (proto/catalog PlayableCharacter). */
interface Served {
  character: {
    access: string;
    dialogue: { blocks: Array<{ id: string }>; startButtons: Array<{ title: string }> };
    media: { videos: Record<string, string> };
  };
}
/** The answer of a call made by the page itself (a fan's devtools console). */
interface PageReply {
  status: number;
  body: string;
}

const isSoraFetch = (response: Response) => new URL(response.url()).pathname === `/api/characters/by-slug/${SORA.slug}`;
const isTalkStart = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/dialogue/talks';
const isPointsUse = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/points/use/');

/** The page's own fetch, with its cookies, as typed into the devtools console. */
async function pageFetch(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PageReply> {
  return page.evaluate(
    async ([target, options]) => {
      const reply = await fetch(target, { ...options, credentials: 'same-origin' });
      return { status: reply.status, body: await reply.text() };
    },
    [url, init] as const,
  );
}

/** Japan's calendar today, as `YYYY-MM-DD` and parts. */
function japanToday(now = new Date()): { year: number; month: number; day: number } {
  const jst = new Date(now.getTime() + 9 * 3600_000);
  return { year: jst.getUTCFullYear(), month: jst.getUTCMonth() + 1, day: jst.getUTCDate() };
}

/** A date of birth that makes her 15 in Japan today (her 15th birthday 60 days ago). */
function fifteenYearOldBirthday(now = new Date()): string {
  const jst = new Date(now.getTime() + 9 * 3600_000 - 60 * 86_400_000);
  return `${jst.getUTCFullYear() - 15}-${String(jst.getUTCMonth() + 1).padStart(2, '0')}-${String(jst.getUTCDate()).padStart(2, '0')}`;
}

/**
 * The business, end to end in Chromium (issue 23): a new customer meets the
 * priced demo ソラ as a preview, talks with a ticket, spends the server-priced
 * points on 特別占い, buys her through 3-D Secure, and finds the receipt in the
 * mail and on the receipt page; a minor signs up only with her guardian's
 * consent and is stopped at the monthly cap; and what a fan with the
 * browser's developer tools tries from the page's own session is refused.
 */
describe.skipIf(!hasChromium)(
  "business end to end: ソラ previewed, talked with a ticket, points spent, bought with 3-D Secure, receipted; a minor capped; the page's own session refused the paid content",
  () => {
    let world: ConsoleWorld;
    let server: Standalone;
    let browser: Browser;
    let adminApi: AdminApi;
    /** The customers' origin: the one billing's public URL names (the 3-D Secure page sends the browser back there, the cookies belong to one host). */
    let site: string;
    let customer: Customer;
    let page: Page;
    let minor: Customer;
    let minorPage: Page;
    /** The bearer the customer's page sends (what a fan copies from the network tab). */
    let bearer: string;
    /** The greeting clip's URL as the ticket talk played it (signed for the customer). */
    let copiedClip: string;
    let soraOrderNumber: string;
    /** The customer's points once 500 are bought (the day's login bonus is in them too). */
    let points: number;

    /** Waits for a text of the page; on a time-out the error carries what the page said instead. */
    const expectText = async (on: Page, text: string | RegExp, timeout = 30_000) => {
      try {
        await on.getByText(text).first().waitFor({ timeout });
      } catch (err) {
        const shown = await on
          .locator('body')
          .innerText()
          .catch(() => '(no body)');
        throw new Error(`${String(text)} not shown at ${on.url()}; the page said:\n${shown}`, { cause: err });
      }
    };
    const fillCard = async (on: Page, number: string) => {
      await on.getByLabel('カード番号').fill(number);
      await on.getByLabel('有効期限（月/年）').fill('12/39');
      await on.getByLabel('セキュリティコード').fill('123');
    };
    /** Buys a pack with the saved default card (or the card typed in when none is saved); waits for the paid page. */
    const buyPack = async (on: Page, productId: string, amount: string, typed?: string) => {
      await on.goto(`${site}/payment/process/credit?product_id=${productId}`);
      if (typed) await fillCard(on, typed);
      await on.getByRole('button', { name: `${amount}を支払う` }).click();
      await expectText(on, 'お支払いが完了しました。ご購入ありがとうございます。');
    };
    /** The sign-up form filled as a person does; `submit` presses 登録. */
    const fillSignUp = async (on: Page, email: string, dateOfBirth: string) => {
      await on.goto(`${site}/register`);
      await on.fill('input[name=email]', email);
      await on.fill('input[name=password]', PASSWORD);
      await on.check('input[name=gender][value=female]');
      await on.fill('input[name=date_of_birth]', dateOfBirth);
      await on.check('input[name=agree]');
    };
    /** After 登録: the confirm link of the mail outbox opened in the same browser, then the log-in form. */
    const confirmAndLogIn = async (on: Page, email: string): Promise<Customer> => {
      await on.waitForURL(`${site}/email_confirm`);
      const link = /https?:\/\/[^\s]+\/email_confirm\/[A-Za-z0-9_-]+/.exec(
        (await adminApi.mailsTo(email)).map((m) => m.text).join('\n'),
      )?.[0];
      expect(link).toBeDefined();
      await on.goto(`${site}${new URL(link!).pathname}`);
      await on.getByText('メールアドレスの確認が完了しました。').waitFor();
      const tokenSeen = on.waitForRequest((r) => r.url().startsWith(`${site}/api/`) && !!r.headers().authorization);
      await logIn(on, site, email, PASSWORD);
      await on.waitForURL(/\/mypage$/);
      await on.locator('.hello__name').waitFor();
      const authorization = (await tokenSeen).headers().authorization!;
      const me = JSON.parse((await pageFetch(on, '/api/auth/me', { headers: { authorization } })).body) as {
        user?: { id: string };
        id?: string;
      };
      return { id: me.user?.id ?? me.id ?? '', email, token: authorization.replace(/^Bearer /, '') };
    };
    const newPhone = async () => (await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' })).newPage();

    beforeAll(async () => {
      world = await startConsoleWorld('business', { API_RATE_LIMIT_PER_MINUTE: '6000' });
      ({ server, browser, adminApi } = world);
      site = server.url.replace('127.0.0.1', 'localhost');
    }, 180_000);

    afterAll(async () => {
      for (const opened of [page, minorPage])
        await opened
          ?.context()
          .close()
          .catch(() => undefined);
      await world?.close();
    });

    describe('a new customer and ソラ', () => {
      it('customer, signed up in the form and confirmed from the mail outbox, buys a talk ticket with the card typed in and 500 points with the saved card', async () => {
        page = await newPhone();
        const email = `sora-fan-${Date.now()}@example.jp`;
        await fillSignUp(page, email, '1995-05-05');
        await page.click('button[type=submit]');
        customer = await confirmAndLogIn(page, email);
        bearer = `Bearer ${customer.token}`;
        // The day's login bonus (billing LB0001) may land in the wallet a moment after the log-in.
        await expect.poll(async () => (await walletOf(server.url, customer)).points, { timeout: 10_000 }).toBe(10);

        await buyPack(page, 'tickets-1', '¥150', GOOD_CARD);
        await expectText(page, /現在の残高：トークチケット 1枚/);
        await buyPack(page, 'points-500', '¥500');

        expect(await walletOf(server.url, customer)).toMatchObject({ talk_tickets: 1, points: 510 });
        points = 510;
      }, 120_000);

      it('player, ソラ not bought, is served a preview: the standby and her start buttons, no block but the mic test, no clip of the talk', async () => {
        const served = page.waitForResponse(isSoraFetch);
        await page.goto(`${site}/full/chat/${SORA.slug}`);
        const preview = (await (await served).json()) as Served;

        expect(preview.character.access).toBe('preview');
        expect(preview.character.dialogue.blocks.map((b) => b.id)).toEqual(['mic-test']);
        expect(Object.keys(preview.character.media.videos)).not.toContain('greet');
        expect(preview.character.dialogue.startButtons.map((b) => b.title)).toEqual(['話す', 'マイクテスト']);
        await page.getByRole('button', { name: '話す', exact: true }).waitFor();
        await waitForPlaying(page, 'standby.mp4');
        await shoot(page, 'business-sora-preview-standby');
      }, 60_000);

      it("talk, one ticket used at the gate, plays ソラ's greeting with the whole character fetched by the ticket, and the wallet has no ticket left", async () => {
        await page.getByRole('button', { name: '話す', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByText('ソラと話すには、トークチケットを1枚使います（現在 1枚）。使いますか？')
          .waitFor({ timeout: 20_000 });
        const whole = page.waitForResponse(
          (r) => isSoraFetch(r) && new URL(r.url()).searchParams.has('ticket_use_token'),
        );
        const started = page.waitForRequest(isTalkStart);
        await dialog.getByRole('button', { name: '1枚使って話す' }).click();

        expect(((await (await whole).json()) as Served).character.access).toBe('ticket');
        expect((await (await started).response())?.ok()).toBe(true);
        await waitForPlaying(page, 'greet.mp4');
        copiedClip = await page
          .locator('video.player__video--active')
          .evaluate((video) => (video as unknown as { currentSrc: string }).currentSrc);
        expect(new URL(copiedClip).searchParams.get('sig')).toBeTruthy();
        expect((await walletOf(server.url, customer)).talk_tickets).toBe(0);
      }, 90_000);

      it('特別占い, confirmed in the talk, is priced by the server at 5 points: the special reading plays and the balance is 5 lower', async () => {
        await page
          .getByRole('group', { name: 'アクション' })
          .getByRole('button', { name: /特別占い/ })
          .click({ timeout: 20_000 });
        const dialog = page.getByRole('dialog');
        await dialog
          .getByText(`「特別占い（5ポイント）」には${SORA.action.points}ポイントを使います。使いますか？`)
          .waitFor();
        const used = page.waitForRequest(isPointsUse);
        await dialog.getByRole('button', { name: `${SORA.action.points}ポイント使う` }).click();

        const request = await used;
        expect(request.postDataJSON()).toMatchObject({
          points: SORA.action.points,
          action_code: SORA.action.code,
          character_id: SORA.id,
        });
        expect((await request.response())?.ok()).toBe(true);
        await waitForPlaying(page, 'special.mp4', 30_000);
        expect((await walletOf(server.url, customer)).points).toBe(points - SORA.action.points);
        points -= SORA.action.points;
      }, 90_000);

      it('points use, sent from the page with 1 point for the 5-point 特別占い (a fan in devtools), is refused and the balance is unchanged', async () => {
        const reply = await pageFetch(page, `/api/points/use/${customer.id}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: bearer,
            'idempotency-key': `cheap-${Date.now()}`,
          },
          body: JSON.stringify({ points: 1, action_code: SORA.action.code, character_id: SORA.id, btn: 'ab-special' }),
        });

        expect(reply.status).toBe(400);
        expect(JSON.parse(reply.body)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
        expect((await walletOf(server.url, customer)).points).toBe(points);
      }, 30_000);

      it('ソラ, bought from her card with the 3-D Secure card through the challenge page, is 購入済み on the card and her next talk needs no ticket', async () => {
        await page.goto(`${site}/full/select_chat`);
        const soraCard = page.locator('.catalog-grid > li', { hasText: 'ソラ' });
        await soraCard.getByRole('link', { name: '購入する ¥300' }).click({ timeout: 30_000 });
        await page.waitForURL(/product_id=character/);
        await page.getByRole('radio', { name: '新しいカードを使う' }).check();
        await fillCard(page, CHALLENGE_CARD);
        await page.getByRole('button', { name: '¥300を支払う' }).click();
        await page.waitForURL(/\/api\/payment\/sandbox\/challenge\//, { timeout: 30_000 });
        await page.getByRole('button', { name: '認証する' }).click();
        await page.waitForURL(/\/payment\/process\/mpi_complete\?order_id=/);
        await expectText(page, 'お支払いが完了しました。ご購入ありがとうございます。');

        await page.goto(`${site}/full/select_chat`);
        await soraCard.getByText('購入済み', { exact: true }).waitFor({ timeout: 30_000 });
        expect(await soraCard.getByRole('link', { name: /購入する/ }).count()).toBe(0);
        await shoot(page, 'business-sora-owned-card');

        const served = page.waitForResponse(isSoraFetch);
        await page.goto(`${site}/full/chat/${SORA.slug}`);
        expect(((await (await served).json()) as Served).character.access).toBe('owned');
        const started = page.waitForRequest(isTalkStart);
        await page.getByRole('button', { name: '話す', exact: true }).click();
        expect((await started).postDataJSON()).not.toHaveProperty('ticket_use_token');
        await waitForPlaying(page, 'greet.mp4');
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect((await walletOf(server.url, customer)).talk_tickets).toBe(0);
      }, 120_000);

      it('purchase-complete mail, in the outbox, carries the receipt of ソラ with the readable order number', async () => {
        await expect
          .poll(
            async () =>
              (await adminApi.mailsTo(customer.email)).filter((m) => m.subject.includes('ご購入ありがとうございます'))
                .length,
            { timeout: 30_000 },
          )
          .toBeGreaterThanOrEqual(3);
        const mail = (await adminApi.mailsTo(customer.email)).find(
          (m) => m.text.includes('ソラ') && m.subject.includes('ご購入ありがとうございます'),
        );

        expect(mail).toBeDefined();
        soraOrderNumber = ORDER_NUMBER.exec(mail!.subject)?.[0] ?? '';
        expect(soraOrderNumber).toMatch(ORDER_NUMBER);
        expect(mail!.text).toContain(soraOrderNumber);
        expect(mail!.text).toContain('領収書');
        expect(mail!.text).toMatch(/¥300|300円/);
        expect(mail!.text).toContain('税込');
        expect(mail!.text).toContain('TALK WITH 運営事務局');
      }, 60_000);

      it('receipt, opened from /full/purchases, shows the seller, ¥300 税込 and the order number of the mail', async () => {
        await page.goto(`${site}/full/purchases`);
        const row = page.getByRole('list', { name: '購入履歴' }).locator('li', { hasText: soraOrderNumber });
        await row.getByText('ソラ').waitFor({ timeout: 30_000 });
        await row.getByRole('link', { name: '領収書' }).click();

        await page.waitForURL(/\/full\/purchases\/.+\/receipt$/);
        const receipt = page.getByRole('article', { name: '領収書' });
        await receipt.waitFor({ timeout: 30_000 });
        const text = await receipt.innerText();
        expect(text).toContain('TALK WITH 運営事務局');
        expect(text).toContain(soraOrderNumber);
        expect(text).toMatch(/¥300\s*（税込）/);
        expect(text).toContain('ソラ');
        await shoot(page, 'business-receipt');
      }, 60_000);
    });

    describe('a minor', () => {
      const email = `chugakusei-${Date.now()}@example.jp`;
      const { month } = japanToday();
      const resetMonth = month === 12 ? 1 : month + 1;

      it('sign-up, a 15-year-old without the guardian-consent box, is refused by the form; with it she registers', async () => {
        minorPage = await newPhone();
        await fillSignUp(minorPage, email, fifteenYearOldBirthday());
        const consent = minorPage.locator('input[name=guardian_consent]');
        await consent.waitFor();
        await minorPage.click('button[type=submit]');

        await expectText(minorPage, '未成年の方は、保護者の同意欄にチェックを入れてください。');
        expect(new URL(minorPage.url()).pathname).toBe('/register');
        await shoot(minorPage, 'business-minor-consent');
        await consent.check();
        await minorPage.click('button[type=submit]');
        minor = await confirmAndLogIn(minorPage, email);
      }, 90_000);

      it('purchases, ¥4,000 of points paid, are stopped at ¥1,300 more by the ¥5,000 monthly cap with the Japanese message naming the cap and the reset day', async () => {
        await buyPack(minorPage, 'points-1000', '¥1,000', GOOD_CARD);
        for (let i = 0; i < 3; i += 1) await buyPack(minorPage, 'points-1000', '¥1,000');

        await minorPage.goto(`${site}/payment/process/credit?product_id=tickets-10`);
        await minorPage.getByRole('button', { name: '¥1,300を支払う' }).click();

        await expectText(
          minorPage,
          `未成年のお客様の1か月のご利用上限（5,000円）を超えるため購入できません。${resetMonth}月1日にリセットされます。`,
        );
        await shoot(minorPage, 'business-minor-cap');
        // Four ¥1,000 packs and the day's login bonus; the refused pack granted nothing.
        expect(await walletOf(server.url, minor)).toMatchObject({ talk_tickets: 0, points: 4000 + 10 });
      }, 120_000);
    });

    describe("a fan with the browser's developer tools", () => {
      it("character, ソラ fetched from the minor's own page with her bearer, holds only the preview's block and clips", async () => {
        const reply = await pageFetch(minorPage, `/api/characters/by-slug/${SORA.slug}`, {
          headers: { authorization: `Bearer ${minor.token}` },
        });
        const served = JSON.parse(reply.body) as Served;

        expect(reply.status).toBe(200);
        expect(served.character.access).toBe('preview');
        expect(served.character.dialogue.blocks.map((b) => b.id)).toEqual(['mic-test']);
        expect(Object.keys(served.character.media.videos).sort()).not.toContain('special');
        expect(reply.body).not.toContain('特別占い！');
      }, 30_000);

      it("clip URL, copied from the ticket talk, plays in its owner's page and is refused unsigned, with a changed expiry, and in another customer's page", async () => {
        const tampered = new URL(copiedClip);
        tampered.searchParams.set('exp', String(Number(tampered.searchParams.get('exp')) + 86_400));
        const unsigned = new URL(copiedClip);
        unsigned.search = '';

        expect((await pageFetch(page, copiedClip)).status).toBe(200);
        const refusals = {
          unsigned: await pageFetch(page, unsigned.toString()),
          tampered: await pageFetch(page, tampered.toString()),
          otherUser: await pageFetch(minorPage, copiedClip),
        };
        const codes = Object.fromEntries(
          Object.entries(refusals).map(([k, r]) => [k, `${r.status} ${(JSON.parse(r.body) as { code: string }).code}`]),
        );
        expect(codes).toEqual({
          unsigned: '403 SIGNATURE_REQUIRED',
          tampered: '403 SIGNATURE_INVALID',
          otherUser: '403 SIGNATURE_OTHER_USER',
        });
      }, 30_000);
    });
  },
);
