import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { buildWeb, WEB_DIR } from '../../test/e2e/server.ts';
import { ARGS, CHROMIUM, hasChromium, startStandalone, stopStandalone } from '../../test/e2e/standalone.ts';

/** Headless Chromium as the player benchmarks drive it (web/dist built when missing). */
export async function launchBenchBrowser(): Promise<Browser> {
  if (!hasChromium()) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  if (!existsSync(join(WEB_DIR, 'dist', 'index.html'))) buildWeb();
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export interface PlayerBench {
  url: string;
  browser: Browser;
}

/**
 * The player benchmarks' world: web/dist (built when missing), the standalone gateway
 * on embedded adapters with a temporary DATA_DIR (as `npm start` runs it), headless Chromium.
 */
export async function withPlayerBench<T>(run: (bench: PlayerBench) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'player-bench-'));
  const server = await startStandalone(dataDir);
  let browser: Browser | undefined;
  try {
    browser = await launchBenchBrowser();
    return await run({ url: server.url, browser });
  } finally {
    await browser?.close();
    await stopStandalone(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The demo character as the player gets it (`GET /api/characters/by-slug/mirai`). */
export async function fetchPlayable(url: string, slug = 'mirai'): Promise<PlayableCharacter['character']> {
  const response = await fetch(`${url}/api/characters/by-slug/${slug}`);
  if (!response.ok) throw new Error(`GET /api/characters/by-slug/${slug}: ${response.status}`);
  return ((await response.json()) as PlayableCharacter).character;
}
