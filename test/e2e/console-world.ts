import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { firstAdminLogIn, seedAdminInto } from './authoring/console.ts';
import { AdminApi, apiLogIn, VIEWPORTS } from './engagement-driver.ts';
import { ARGS, CHROMIUM, startStandalone, stopStandalone, type Standalone } from './standalone.ts';

const ADMIN_PASSWORD = 'kanri2026Pass';

/**
 * What the operator-facing end-to-end tests start from: `npm start` on a fresh
 * data directory, headless Chromium, and the seeded first admin — password
 * changed — logged in to the console (a desktop page) and over the API.
 */
export interface ConsoleWorld {
  server: Standalone;
  browser: Browser;
  /** The console, logged in as the admin. */
  admin: Page;
  adminApi: AdminApi;
  /** The secret admin path prefix (secrets.json of the data directory). */
  prefix: string;
  /** A console page under the secret admin prefix. */
  consolePath(path: string): string;
  close(): Promise<void>;
}

export async function startConsoleWorld(name: string, env: Record<string, string> = {}): Promise<ConsoleWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-e2e-`));
  const seeded = await seedAdminInto(dataDir);
  const server = await startStandalone(dataDir, env);
  const prefix = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { ADMIN_PATH_PREFIX: string })
    .ADMIN_PATH_PREFIX;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const admin = await (await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'ja-JP' })).newPage();
  await firstAdminLogIn(admin, server.url, seeded, ADMIN_PASSWORD);
  const adminApi = new AdminApi(
    `${server.url}/api/${prefix}`,
    (await apiLogIn(server.url, seeded.email, ADMIN_PASSWORD)).accessToken,
  );
  return {
    server,
    browser,
    admin,
    adminApi,
    prefix,
    consolePath: (path) => `${server.url}/${prefix}/${path}`,
    async close() {
      await browser.close();
      await stopStandalone(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
