/**
 * The block graph editor with a generated 500-block character, in headless Chromium: the time from
 * navigation start to "laid out and the nodes painted" (the editor's `block-graph:painted` performance
 * mark), beside the same page with the 13-block demo character; then how smoothly it pans (frame intervals
 * while the graph is dragged). The built console is served with
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
import { printAlone, type BenchRow } from './table.ts';

const ADMIN_PATH = 'bench-ops';
const LOADS = 5;
const PANS = 3;
const GOAL_MS = 1_000;
const PAINTED_MARK = 'block-graph:painted';
// The page's own globals that the in-page functions below use (the root tsconfig has no DOM library).
interface PageBox {
  left: number;
  top: number;
  width: number;
  height: number;
}
declare const document: {
  querySelector(selector: string): { getBoundingClientRect(): PageBox } | null;
  elementFromPoint(x: number, y: number): { closest(selector: string): unknown } | null;
};
declare function requestAnimationFrame(callback: (now: number) => void): number;

/** A pan is smooth when no frame takes longer than three at 60 Hz (a stall an operator sees as a jerk). */
const PAN_GOAL_MS = 50;
const PAN_STEPS = 36;
const PAN_STEP_MS = 16;

/**
 * A large character shaped like an authored one: listening blocks in a long conversation, each with
 * two hit words, a next block, invalid and silence ladders to shared fallback blocks, a search or an
 * SPJ route every few blocks, force and action buttons now and then, and automatic blocks between.
 */
export function generatedCharacter(size: number, id = 'bench-big'): Character {
  const videos = Array.from({ length: 40 }, (_, i) =>
    makeVideo({ id: `v${i}`, character_id: id, path: `v${i}.mp4`, title: `clip${i}` }),
  );
  const bid = (i: number) => `b${Math.max(0, Math.min(size - 1, i))}`;
  const fallback = [bid(size - 1), bid(size - 2), bid(size - 3)];
  const blocks: Block[] = Array.from({ length: size }, (_, i) =>
    makeBlock({
      id: bid(i),
      character_id: id,
      title: `ブロック ${i}`,
      trigger_video_id: `v${i % 40}`,
      ...(i % 5 === 4 ? automatic(i, bid) : listening(i, bid, fallback)),
    }),
  );
  return makeCharacter({
    id,
    name: 'ベンチ',
    slug: id,
    videos,
    blocks,
    setting: makeSetting({
      character_id: id,
      standby_video_id: 'v0',
      default_start_button_id: 's0',
      es_index_name: 'bench',
      spj_url: 'http://spj.invalid',
    }),
    startButtons: [0, 1, 2].map((n) => ({
      id: `s${n}`,
      character_id: id,
      title: `はじめる${n}`,
      block_id: bid(n * 7),
    })),
    slots: [{ name: 'name', label: '名前' }],
  });
}

function listening(i: number, bid: (i: number) => string, fallback: string[]): Partial<Block> {
  return {
    listen_video_ids: [`v${(i + 1) % 40}`],
    invalid_max_count: 2,
    invalid_response_video_ids: [`v${(i + 2) % 40}`],
    invalid_final_block: [fallback[0] as string],
    silence_time_limit: 5,
    silence_count: 2,
    silence_video_ids: [`v${(i + 3) % 40}`],
    silence_final_blocks: [fallback[1] as string],
    hit_words: [
      { words: ['はい', 'うん'], block_id: bid(i + 1), slot: null },
      { words: ['いいえ'], block_id: bid(i + 2 + (i % 7)), slot: { name: 'name', value: '' } },
    ],
    listen_next_block: [bid(i + 3)],
    valid_response: i % 3 === 0,
    not_hitword_blocks: i % 4 === 0 ? [bid(i - 10)] : [],
    valid_response_ids: i % 6 === 1 ? [bid(i + 4), bid(i + 5)] : [],
    spj_category: i % 6 === 3 ? 'cat' : null,
    spj_out_score: 40,
    spj_out_block_id: i % 6 === 3 ? (fallback[2] as string) : null,
    spj_empty_blocks: i % 6 === 3 ? [bid(i + 6)] : [],
    force_blocks: i % 25 === 0 ? [bid(i + 12)] : [],
    action_buttons:
      i % 10 === 0 ? [{ id: 'back', title: '最初へ', kind: 'block', block_id: bid(0), video_id: null }] : [],
  };
}

function automatic(i: number, bid: (i: number) => string): Partial<Block> {
  return {
    play_final_block: [bid(i + 1)],
    play_again: i % 3 !== 0,
    replacement_block_ids: i % 3 === 0 ? [bid(i + 8)] : [],
    random_count: i % 15 === 4 ? 2 : 0,
    random_end_block_id: i % 15 === 4 ? bid(i + 2) : null,
  };
}

interface Load {
  painted: number;
  sinceData: number;
}

/** Loads the editor for one character: when it was painted (ms from navigation start) and how long after the character arrived. */
async function paintedAt(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const handle = await page.waitForFunction(
    (mark) => {
      const painted = performance.getEntriesByName(mark)[0]?.startTime;
      const data = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/all')) as
        { responseEnd: number } | undefined;
      return painted === undefined || !data ? null : { painted, sinceData: painted - data.responseEnd };
    },
    PAINTED_MARK,
    { timeout: 60_000, polling: 20 },
  );
  const painted = (await handle.jsonValue()) as Load;
  // The next navigation waits for the page's calls to finish (the test server cannot answer an aborted request).
  await page.waitForLoadState('networkidle');
  return painted;
}

/**
 * A point in the lower half of the canvas's empty pane where a drag pans the view (xyflow does not pan from a node,
 * an edge, a panel or the minimap), once the view has settled (two frames after the last move or fit).
 */
async function panePoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(async () => {
    await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect();
    for (let fy = 0.9; fy >= 0.5; fy -= 0.05) {
      for (let fx = 0.75; fx >= 0.25; fx -= 0.05) {
        const [x, y] = [pane.left + pane.width * fx, pane.top + pane.height * fy];
        const hit = document.elementFromPoint(x, y);
        if (
          hit?.closest('.react-flow__pane') &&
          !hit.closest('.react-flow__node, .react-flow__panel, .react-flow__edge, .bg-edge-label')
        )
          return { x, y };
      }
    }
    throw new Error('no empty spot on the pane to drag from');
  });
}

function recordFrames(): void {
  const w = globalThis as unknown as { panFrames: number[]; panOn: boolean };
  w.panFrames = [];
  w.panOn = true;
  let last = performance.now();
  const tick = (now: number) => {
    w.panFrames.push(now - last);
    last = now;
    if (w.panOn) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

function stopRecording(): number[] {
  const w = globalThis as unknown as { panFrames: number[]; panOn: boolean };
  w.panOn = false;
  return w.panFrames.slice(1); // the first interval began before the press
}

/**
 * Pans the graph as an operator drags it: two drags of ~0.6 s each, the content moving 200 px left and 400 px up
 * (down the graph, which is taller than wide), each mouse step 16 ms apart. Returns every frame interval
 * (requestAnimationFrame) from each press to its release, the view settled before each. Throws when a drag did not
 * move the view.
 */
async function panFrameIntervals(page: Page): Promise<number[]> {
  const viewport = () =>
    page
      .locator('.react-flow__viewport')
      .evaluate((el) => (el as unknown as { style: { transform: string } }).style.transform);
  const intervals: number[] = [];
  for (let drag = 0; drag < 2; drag += 1) {
    const [from, before] = [await panePoint(page), await viewport()];
    await page.mouse.move(from.x, from.y);
    await page.evaluate(recordFrames);
    await page.mouse.down();
    for (let step = 1; step <= PAN_STEPS; step += 1) {
      await page.mouse.move(from.x - (200 * step) / PAN_STEPS, from.y - (400 * step) / PAN_STEPS);
      await page.waitForTimeout(PAN_STEP_MS);
    }
    await page.mouse.up();
    intervals.push(...(await page.evaluate(stopRecording)));
    if ((await viewport()) === before)
      throw new Error(`the drag from (${from.x}, ${from.y}) did not pan the graph (${before})`);
  }
  return intervals;
}

async function logIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.fill('input[name=username]', email);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

interface Pan {
  p95: number;
  worst: number;
  frames: number;
}
interface Figures {
  painted: number;
  sinceData: number;
  firstView: Pan;
  wholeGraph: Pan;
}

const panFigures = (intervals: number[]): Pan => ({
  p95: percentile(intervals, 95),
  worst: Math.max(...intervals),
  frames: intervals.length,
});

/**
 * Loads the editor LOADS times (after a warm-up load) for the load figures, then PANS more times, panning the
 * graph after each: the frame intervals of all pans together give the pan figures. The test server sends no cache
 * headers and page.route turns Chromium's HTTP cache off, so every load fetches and compiles the chunks again.
 */
async function measureCharacter(page: Page, editorUrl: string): Promise<Figures> {
  const loads: Load[] = [];
  await paintedAt(page, editorUrl); // warm-up (the server's and the bench's own code paths)
  for (let i = 0; i < LOADS; i += 1) loads.push(await paintedAt(page, editorUrl));
  const firstView: number[] = [];
  const wholeGraph: number[] = [];
  for (let i = 0; i < PANS; i += 1) {
    await paintedAt(page, editorUrl);
    firstView.push(...(await panFrameIntervals(page)));
    await page.click('.react-flow__controls-fitview'); // the whole graph, as far as the least zoom shows it
    wholeGraph.push(...(await panFrameIntervals(page)));
  }
  return {
    painted: percentile(
      loads.map((l) => l.painted),
      50,
    ),
    sinceData: percentile(
      loads.map((l) => l.sinceData),
      50,
    ),
    firstView: panFigures(firstView),
    wholeGraph: panFigures(wholeGraph),
  };
}

function panRows(view: string, big: Pan, baseline: Pan, size: number): BenchRow[] {
  const how = `${view}, ${PANS}× two drags of ~0.6 s, ${big.frames} frames; baseline: the demo`;
  return [
    {
      name: `block graph editor: panning ${size} blocks, p95 frame interval (${how})`,
      value: big.p95,
      unit: 'ms',
      baseline: baseline.p95,
      goal: `≤ ${PAN_GOAL_MS} ms`,
      pass: big.p95 <= PAN_GOAL_MS,
    },
    {
      name: `block graph editor: panning ${size} blocks, longest frame interval (${how})`,
      value: big.worst,
      unit: 'ms',
      baseline: baseline.worst,
    },
  ];
}

function rows(big: Figures, baseline: Figures, size: number): BenchRow[] {
  const where = `median of ${LOADS}, 1280×800; baseline: the ${demoCharacter.blocks.length}-block demo`;
  return [
    {
      name: `block graph editor: navigation → laid out and painted, generated ${size}-block character (${where})`,
      value: big.painted,
      unit: 'ms',
      baseline: baseline.painted,
      goal: `≤ ${GOAL_MS.toLocaleString('en-US')} ms`,
      pass: big.painted <= GOAL_MS,
    },
    {
      name: `block graph editor: character received → laid out and painted, ${size} blocks (${where})`,
      value: big.sinceData,
      unit: 'ms',
      baseline: baseline.sinceData,
    },
    ...panRows('first view, zoom 0.6 with labels', big.firstView, baseline.firstView, size),
    ...panRows("whole graph after the controls' fit view, least zoom", big.wholeGraph, baseline.wholeGraph, size),
  ];
}

export async function benchBlockGraph(): Promise<BenchRow[]> {
  if (!hasChromium()) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  if (!existsSync(join(WEB_DIR, 'dist', 'index.html'))) buildWeb();
  const characters = new Map<string, Character>([
    ['bench-big', generatedCharacter(500)],
    [demoCharacter.id, demoCharacter],
  ]);
  const identity = await buildTestApp({});
  const admin = await seedAdmin(identity.app.accounts, 'bench-admin@example.jp', { mustChangePassword: false });
  const { url, server } = await startWebServer(identity.app, { adminPath: ADMIN_PATH });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' })
    ).newPage();
    await page.route('**/characters/*/all', (route) => {
      const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/').at(-2) ?? '');
      const character = characters.get(id);
      return character
        ? route.fulfill({ json: { ok: true, character, faults: validateCharacter(character) } })
        : route.fulfill({ status: 404, json: { ok: false, code: 'NOT_FOUND', message: 'not found' } });
    });
    await logIn(page, url, admin!.email, admin!.password);
    const editor = (id: string) => `${url}/${ADMIN_PATH}/characters/${id}/blocks`;
    const baseline = await measureCharacter(page, editor(demoCharacter.id));
    const big = await measureCharacter(page, editor('bench-big'));
    return rows(big, baseline, characters.get('bench-big')!.blocks.length);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    await identity.close();
  }
}

if (import.meta.main) {
  await printAlone(benchBlockGraph);
  process.exit();
}
