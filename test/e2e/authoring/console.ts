import type { Locator, Page } from 'playwright-core';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { seedFirstAdmin } from '@talkwith/identity';

/**
 * What the authoring end-to-end test needs beside the page itself: the first
 * admin exactly as `npm start` seeds it, the log-in form, and choosing an
 * option by the text it shows (the console's pickers label ids with titles).
 */

/** Seeds the first admin into a fresh data directory before the standalone process starts, so the test knows the generated password. */
export async function seedAdminInto(dataDir: string): Promise<{ email: string; password: string }> {
  const env = { ...process.env, DATA_DIR: dataDir };
  const config = loadPlatformConfig(env);
  const platform = await createPlatform(config);
  try {
    const admin = await seedFirstAdmin(platform, config, env);
    if (!admin) throw new Error('a fresh data directory already had an admin');
    return admin;
  } finally {
    await closePlatform(platform);
  }
}

export async function logIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.fill('input[name=username]', email);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

/**
 * A customer signs up in the browser, opens the confirmation link the admin
 * reads in the console's mail outbox (`adminBase/prefix/mail`), and logs in:
 * it ends on /mypage.
 */
export async function registerThroughOutbox(
  customer: Page,
  admin: Page,
  at: { site: string; adminBase: string; prefix: string },
  who: { email: string; password: string; dateOfBirth: string },
): Promise<void> {
  await customer.goto(`${at.site}/register`);
  await customer.fill('input[name=email]', who.email);
  await customer.fill('input[name=password]', who.password);
  await customer.check('input[name=gender][value=female]');
  await customer.fill('input[name=date_of_birth]', who.dateOfBirth);
  await customer.check('input[name=agree]');
  await customer.click('button[type=submit]');
  await customer.waitForURL(`${at.site}/email_confirm`);
  await admin.goto(`${at.adminBase}/${at.prefix}/mail`);
  const href = await admin
    .locator('.mail', { hasText: who.email })
    .locator('a[href*="/email_confirm/"]')
    .getAttribute('href');
  await customer.goto(`${at.site}${new URL(href!).pathname}`);
  await customer.getByText('メールアドレスの確認が完了しました。').waitFor();
  await logIn(customer, at.site, who.email, who.password);
  await customer.waitForURL(/\/mypage$/);
}

/** The seeded admin's first log-in: the generated password must be changed, then the admin logs in again with the new one. */
export async function firstAdminLogIn(
  page: Page,
  base: string,
  admin: { email: string; password: string },
  newPassword: string,
): Promise<void> {
  await logIn(page, base, admin.email, admin.password);
  await page.waitForURL(`${base}/password_change`);
  await page.fill('input[name=currentPassword]', admin.password);
  await page.fill('input[name=newPassword]', newPassword);
  await page.fill('input[name=newPasswordAgain]', newPassword);
  await page.click('button[type=submit]');
  await page.getByText('パスワードを変更しました。新しいパスワードでログインしてください。').waitFor();
  await logIn(page, base, admin.email, newPassword);
  await page.waitForURL(/\/mypage$/);
  // The URL changes before React commits the route (a transition waiting for the page's chunk);
  // a menu opened before that commit is closed by it, so wait for the page itself.
  await page.locator('.hello__name').waitFor();
}

/** Selects the one option of a <select> whose shown text contains `text` (Playwright's own `label` must match the whole text). */
export async function chooseOption(select: Locator, text: string): Promise<void> {
  const option = select.locator('option', { hasText: text });
  await option.waitFor({ state: 'attached' });
  const value = await option.getAttribute('value');
  if (value === null) throw new Error(`option "${text}" has no value`);
  await select.selectOption(value);
}
