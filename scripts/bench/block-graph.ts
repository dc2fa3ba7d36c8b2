/**
 * The block graph editor with a generated 500-block character, in headless Chromium: the time from
 * navigation start to "laid out and the nodes painted" (the editor's `block-graph:painted` performance
 * mark), beside the same page with the 20-block demo character. The built console is served with
 * identity on embedded adapters (an admin logs in once); the character comes from the page's own
 * `GET …/characters/:id/all`, answered by the bench with the generated character, so the figure is the
 * editor's (fetch, validateCharacter, graph, layout, paint) and does not depend on the catalog's store.
 * `node scripts/bench/block-graph.ts` runs it alone.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { validateCharacter } from '@talkwith/dialogue-engine';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { makeBlock, makeCharacter, makeSetting, makeVideo, type Block, type Character } from '@talkwith/proto/dialogue';
import { seedAdmin } from '../../services/identity/src/accounts/seed-admin.ts';
import { buildTestApp } from '../../services/identity/src/test-app.ts';
import { buildWeb, startWebServer, WEB_DIR } from '../../test/e2e/server.ts';
import { ARGS, CHROMIUM, hasChromium } from '../../test/e2e/standalone.ts';
import { percentile } from '../../test/e2e/video-probe.ts';
import { formatTable, type BenchRow } from './table.ts';

const ADMIN_PATH = 'bench-ops';
const LOADS = 5;
const GOAL_MS = 1_000;
const PAINTED_MARK = 'block-graph:painted';

/**
 * A large character shaped like an authored one: listening blocks in a long conversation, each with
 * two hit words, a next block, invalid and silence ladders to shared fallback blocks, a search or an
 * SPJ route every few blocks, force and action buttons now and then, and automatic blocks between.
 */
export function generatedCharacter(size: number, id = 'bench-big'): Character {
  const videos = Array.from({ length: 40 }, (_, i) => makeVideo({ id: `v${i}`, character_id: id, path: `v${i}.mp4`, title: `clip${i}` }));
  const bid = (i: number) => `b${Math.max(0, Math.min(size - 1, i))}`;
  const fallback = [bid(size - 1), bid(size - 2), bid(size - 3)];
  const blocks: Block[] = Array.from({ length: size }, (_, i) => makeBlock({
    id: bid(i), character_id: id, title: `ブロック ${i}`, trigger_video_id: `v${i % 40}`, ...(i % 5 === 4 ? automatic(i, bid) : listening(i, bid, fallback)),
  }));
  return makeCharacter({
    id, name: 'ベンチ', slug: id, videos, blocks,
    setting: makeSetting({ character_id: id, standby_video_id: 'v0', default_start_button_id: 's0', es_index_name: 'bench', spj_url: 'http://spj.invalid' }),
    startButtons: [0, 1, 2].map((n) => ({ id: `s${n}`, character_id: id, title: `はじめる${n}`, block_id: bid(n * 7) })),
    slots: [{ name: 'name', label: '名前' }],
  });
}

function listening(i: number, bid: (i: number) => string, fallback: string[]): Partial<Block> {
  return {
    listen_video_ids: [`v${(i + 1) % 40}`], invalid_max_count: 2, invalid_response_video_ids: [`v${(i + 2) % 40}`], invalid_final_block: [fallback[0] as string],
    silence_time_limit: 5, silence_count: 2, silence_video_ids: [`v${(i + 3) % 40}`], silence_final_blocks: [fallback[1] as string],
    hit_words: [{ words: ['はい', 'うん'], block_id: bid(i + 1), slot: null }, { words: ['いいえ'], block_id: bid(i + 2 + (i % 7)), slot: { name: 'name', value: '' } }],
    listen_next_block: [bid(i + 3)], valid_response: i % 3 === 0, not_hitword_blocks: i % 4 === 0 ? [bid(i - 10)] : [],
    valid_response_ids: i % 6 === 1 ? [bid(i + 4), bid(i + 5)] : [], spj_category: i % 6 === 3 ? 'cat' : null, spj_out_score: 40,
    spj_out_block_id: i % 6 === 3 ? (fallback[2] as string) : null, spj_empty_blocks: i % 6 === 3 ? [bid(i + 6)] : [],
    force_blocks: i % 25 === 0 ? [bid(i + 12)] : [],
    action_buttons: i % 10 === 0 ? [{ id: 'back', title: '最初へ', kind: 'block', block_id: bid(0), video_id: null }] : [],
  };
}

function automatic(i: number, bid: (i: number) => string): Partial<Block> {
  return { play_final_block: [bid(i + 1)], play_again: i % 3 !== 0, replacement_block_ids: i % 3 === 0 ? [bid(i + 8)] : [], random_count: i % 15 === 4 ? 2 : 0, random_end_block_id: i % 15 === 4 ? bid(i + 2) : null };
}

interface Load { painted: number; sinceData: number }

/** Loads the editor for one character: when it was painted (ms from navigation start) and how long after the character arrived. */
async function paintedAt(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const handle = await page.waitForFunction((mark) => {
    const painted = performance.getEntriesByName(mark)[0]?.startTime;
    const data = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/all')) as { responseEnd: number } | undefined;
    return painted === undefined || !data ? null : { painted, sinceData: painted - data.responseEnd };
  }, PAINTED_MARK, { timeout: 60_000, polling: 20 });
  const painted = (await handle.jsonValue()) as Load;
  // The next navigation waits for the page's calls to finish (the test server cannot answer an aborted request).
  await page.waitForLoadState('networkidle');
  return painted;
}

async function logIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.fill('input[name=username]', email);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export async function benchBlockGraph(): Promise<BenchRow[]> {
  if (!hasChromium()) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  if (!existsSync(join(WEB_DIR, 'dist', 'index.html'))) buildWeb();
  const characters = new Map<string, Character>([['bench-big', generatedCharacter(500)], [demoCharacter.id, demoCharacter]]);
  const identity = await buildTestApp({});
  const admin = await seedAdmin(identity.app.accounts, 'bench-admin@example.jp', { mustChangePassword: false });
  const { url, server } = await startWebServer(identity.app, { adminPath: ADMIN_PATH });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' })).newPage();
    await page.route('**/characters/*/all', (route) => {
      const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/').at(-2) ?? '');
      const character = characters.get(id);
      return character
        ? route.fulfill({ json: { ok: true, character, faults: validateCharacter(character) } })
        : route.fulfill({ status: 404, json: { ok: false, code: 'NOT_FOUND', message: 'not found' } });
    });
    await logIn(page, url, admin!.email, admin!.password);
    const measure = async (id: string) => {
      const loads: Load[] = [];
      await paintedAt(page, `${url}/${ADMIN_PATH}/characters/${id}/blocks`); // warm-up: the chunks are cached as they would be for an operator
      for (let i = 0; i < LOADS; i += 1) loads.push(await paintedAt(page, `${url}/${ADMIN_PATH}/characters/${id}/blocks`));
      return { painted: percentile(loads.map((l) => l.painted), 50), sinceData: percentile(loads.map((l) => l.sinceData), 50) };
    };
    const baseline = await measure(demoCharacter.id);
    const big = await measure('bench-big');
    const size = characters.get('bench-big')!.blocks.length;
    const where = `median of ${LOADS}, 1280×800; baseline: the ${demoCharacter.blocks.length}-block demo`;
    return [
      {
        name: `block graph editor: navigation → laid out and painted, generated ${size}-block character (${where})`,
        value: big.painted, unit: 'ms', baseline: baseline.painted, goal: `≤ ${GOAL_MS.toLocaleString('en-US')} ms`, pass: big.painted <= GOAL_MS,
      },
      { name: `block graph editor: character received → laid out and painted, ${size} blocks (${where})`, value: big.sinceData, unit: 'ms', baseline: baseline.sinceData },
    ];
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    await identity.close();
  }
}

if (import.meta.main) {
  console.log(formatTable(await benchBlockGraph()));
  process.exit();
}
