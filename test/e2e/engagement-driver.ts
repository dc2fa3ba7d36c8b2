import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { logIn } from './authoring/console.ts';

/**
 * What the engagement end-to-end test needs beside the pages themselves:
 * customers made through the API (confirmed with the mail outbox), the admin
 * API for reading what the console wrote, and screenshots at two sizes.
 */

export const CUSTOMER_PASSWORD = 'omatsuri2026';
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

export interface Customer {
  id: string;
  email: string;
  token: string;
}
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const json = { 'content-type': 'application/json' };

export async function apiLogIn(
  base: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; user: { id: string } }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await login.json()) as { accessToken?: string; user?: { id: string } };
  if (!body.accessToken || !body.user)
    throw new Error(`${email} could not log in: ${login.status} ${JSON.stringify(body)}`);
  return { accessToken: body.accessToken, user: body.user };
}

/** The admin API under the secret prefix, called with the admin's token. */
export class AdminApi {
  readonly root: string;
  readonly token: string;

  constructor(root: string, token: string) {
    this.root = root;
    this.token = token;
  }

  async get<T>(path: string): Promise<T> {
    const reply = await fetch(`${this.root}${path}`, { headers: { authorization: `Bearer ${this.token}` } });
    if (!reply.ok) throw new Error(`GET ${path}: ${reply.status} ${await reply.text()}`);
    return (await reply.json()) as T;
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const reply = await fetch(`${this.root}${path}`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    if (!reply.ok) throw new Error(`POST ${path}: ${reply.status} ${await reply.text()}`);
    return (await reply.json()) as T;
  }

  async put<T>(path: string, body: unknown): Promise<T> {
    const reply = await fetch(`${this.root}${path}`, {
      method: 'PUT',
      headers: { ...json, authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    if (!reply.ok) throw new Error(`PUT ${path}: ${reply.status} ${await reply.text()}`);
    return (await reply.json()) as T;
  }

  /** The mails the outbox holds for one address (the standalone mail port keeps them for the console's `mail` page). */
  async mailsTo(address: string): Promise<Mail[]> {
    return (await this.get<{ mails: Mail[] }>(`/mail?to=${encodeURIComponent(address)}`)).mails;
  }
}

/** A customer signs up, confirms the address with the link of the mail outbox and logs in, all through the API. */
export async function newCustomer(base: string, admin: AdminApi, label: string): Promise<Customer> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.jp`;
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: CUSTOMER_PASSWORD, gender: 'female', date_of_birth: '1996-06-06' }),
  });
  if (signup.status !== 201) throw new Error(`signup ${email}: ${signup.status} ${await signup.text()}`);
  const token = /\/email_confirm\/([A-Za-z0-9_-]+)/.exec(
    (await admin.mailsTo(email)).map((m) => m.text).join('\n'),
  )?.[1];
  const confirmed = await fetch(`${base}/api/auth/email_confirm`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 200) throw new Error(`confirm ${email}: ${confirmed.status}`);
  const { accessToken, user } = await apiLogIn(base, email, CUSTOMER_PASSWORD);
  return { id: user.id, email, token: accessToken };
}

/** The customer's own browser (a phone), logged in through the log-in form. */
export async function customerPage(browser: Browser, base: string, customer: Customer): Promise<Page> {
  const page = await (await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' })).newPage();
  await logIn(page, base, customer.email, CUSTOMER_PASSWORD);
  await page.waitForURL(/\/mypage$/);
  // The URL changes before React commits the route (a transition waiting for the page's chunk);
  // a menu opened before that commit is closed by it, so wait for the page itself.
  await page.locator('.hello__name').waitFor();
  return page;
}

/** A guest's browser (a phone), logged out. */
export async function guestPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' })).newPage();
}

/**
 * Saves the page as it is at phone and desktop sizes (or the given ones) into
 * `dir` (nothing when `dir` is unset), then puts the page back at the size it had.
 */
export function shooter(
  dir: string | undefined,
  viewports: Readonly<Record<string, { width: number; height: number }>> = VIEWPORTS,
): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    const before = page.viewportSize();
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      // Let the layout settle at the new width (no state to wait for: this is only for a person looking at the pictures).
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(dir, `${name}-${size}.png`), fullPage: true });
    }
    if (before) await page.setViewportSize(before);
  };
}

/** What `GET /api/characters/by-slug/{slug}` locks for this caller (catalog's serial gates), by block id. */
export async function lockedBlocks(base: string, customer: Customer, slug: string): Promise<string[]> {
  const reply = await fetch(`${base}/api/characters/by-slug/${slug}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const body = (await reply.json()) as { character?: { locked?: Array<{ block_id: string }> } };
  return (body.character?.locked ?? []).map((l) => l.block_id);
}

/** The printed form of a stored code: groups of four, lower case (the form must normalise both). */
export const printedLowerCase = (code: string): string => (code.match(/.{1,4}/g) ?? []).join('-').toLowerCase();
