import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { firstAdminLogIn, registerThroughOutbox, seedAdminInto } from './authoring/console.ts';
import {
  ARGS,
  CHROMIUM,
  hasChromium as chromiumFound,
  startStandalone,
  stopStandalone,
  type Standalone,
} from './standalone.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: 3-D Secure failure e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

const ADMIN_PASSWORD = 'kanri2026Pass';
const CUSTOMER_PASSWORD = 'kaimono2026';
/** The sandbox's test cards (services/billing/API.md § Provider). */
const CHALLENGE_CARD = '4000 0000 0000 3220';
const GOOD_CARD = '4111 1111 1111 1111';
const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasChromium)(
  '3-D Secure failure end to end: a failed challenge leads on to another card and a completed purchase',
  () => {
    let dataDir: string;
    let server: Standalone;
    let browser: Browser;
    let admin: Page;
    let customer: Page;
    let site: string;
    let prefix: string;
    const email = `sanjigen-${Date.now()}@example.jp`;

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
      dataDir = await mkdtemp(join(tmpdir(), 'threeds-e2e-'));
      const seeded = await seedAdminInto(dataDir);
      server = await startStandalone(dataDir);
      prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
        .ADMIN_PATH_PREFIX;
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
      admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' })).newPage();
      await firstAdminLogIn(admin, server.url, seeded, ADMIN_PASSWORD);
      // The customer's origin is the one billing's public URL names: the challenge page sends the browser back there.
      site = server.url.replace('127.0.0.1', 'localhost');
      customer = await (await browser.newContext({ viewport: PHONE, locale: 'ja-JP' })).newPage();
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await stopStandalone(server);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('customer, registered and confirmed, is logged in', async () => {
      await registerThroughOutbox(
        customer,
        admin,
        { site, adminBase: server.url, prefix },
        { email, password: CUSTOMER_PASSWORD, dateOfBirth: '1998-08-08' },
      );
    }, 90_000);

    it('ticket pack, its 3-D Secure challenge failed, shows a calm way on; 別のカードで支払う with a 4111 card completes the purchase', async () => {
      await customer.goto(`${site}/payment/process/credit?product_id=tickets-5`);
      await fillCard(CHALLENGE_CARD);
      await customer.getByRole('button', { name: '¥700を支払う' }).click();
      await customer.waitForURL(/\/api\/payment\/sandbox\/challenge\//, { timeout: 30_000 });
      await customer.getByRole('button', { name: '認証に失敗する' }).click();

      await customer.waitForURL(/\/payment\/process\/mpi_complete\?order_id=/);
      await expectText('本人認証（3-Dセキュア）が完了しませんでした。');
      await customer.getByRole('link', { name: 'もう一度試す' }).waitFor();
      await customer.getByRole('link', { name: '購入履歴' }).waitFor();
      await customer.screenshot({ path: join(tmpdir(), 'threeds-failed-phone.png'), fullPage: true });
      await customer.getByRole('link', { name: '別のカードで支払う' }).click();

      await customer.waitForURL(/\/payment\/process\/credit\?product_id=tickets-5&card=new/);
      await fillCard(GOOD_CARD);
      await customer.getByRole('button', { name: '¥700を支払う' }).click();
      await expectText('お支払いが完了しました。ご購入ありがとうございます。');
      await expectText(/現在の残高：トークチケット 5枚/);
    }, 90_000);
  },
);
