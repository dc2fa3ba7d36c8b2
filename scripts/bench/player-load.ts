/**
 * Page load on a mid-range phone, in headless Chromium against the standalone gateway:
 * FCP, LCP and total blocking time of `/` and of the player `/full/chat/mirai` (median of 5
 * cold loads, a fresh browser context each), and the JavaScript each route really fetched, gzipped.
 * `node scripts/bench/player-load.ts` runs it alone.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { percentile } from '../../test/e2e/video-probe.ts';
import { withPlayerBench } from './player-setup.ts';
import { formatTable, type BenchRow } from './table.ts';

/**
 * Lighthouse's mobile profile (lighthouse core/config/constants.js, throttling.mobileSlow4G):
 * 150 ms RTT × 3.75 = 562.5 ms, 1.6 Mbit/s × 0.9 = 1474.56 kbit/s down, 750 kbit/s × 0.9 = 675 kbit/s
 * up, in Lighthouse's kbit (1024 bit) as CDP takes bytes per second.
 */
export const LIGHTHOUSE_MOBILE_NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
/** A mid-range phone's CPU: Lighthouse's (and DevTools') 4× slowdown. */
const CPU_SLOWDOWN = 4;
/** An iPhone 12–15 sized screen (390×844 CSS px at 3×), a touch phone. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'ja-JP',
};
const LOADS = 5;
/** After the load event, time for late paints (the player's video, lazy chunks) and tasks before the figures are read. */
const SETTLE_MS = 3_000;
/** Web Vitals' "good" thresholds (web.dev): FCP ≤ 1.8 s, LCP ≤ 2.5 s; Lighthouse's TBT "good" is ≤ 200 ms, the issue's goal 300 ms. */
const FCP_GOOD_MS = 1_800;
const LCP_GOAL_MS = 2_500;
const TBT_GOAL_MS = 300;
const JS_GOAL_KB = 170;
/** A task longer than this blocks input (the Long Tasks API's threshold). */
const LONG_TASK_MS = 50;

const ROUTES = ['/', '/full/chat/mirai'];

/**
 * Run before the page's own scripts: collects long tasks from the start ('longtask' entries are
 * not reliably buffered for a late observer). A string, so no transform of this file can add helpers to it.
 */
const RECORD_LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask' });`;

/**
 * Read in the page: the buffered 'paint' and 'largest-contentful-paint' entries (the last LCP
 * candidate is the LCP) and the long tasks recorded since the start.
 */
const READ_PAINTS = `new Promise((resolve) => {
  const out = { fcp: null, lcp: null, longTasks: window.__longTasks ?? [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') out.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) out.lcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(out), 500);
})`;

interface LongTask {
  start: number;
  duration: number;
}
interface Paints {
  fcp: number | null;
  lcp: number | null;
  longTasks: LongTask[];
}
interface Load {
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  scripts: string[];
}

/**
 * Total blocking time as Lighthouse counts it: each long task's part after FCP, minus 50 ms,
 * summed (Lighthouse ends at TTI; this ends when the figures are read, SETTLE_MS after load).
 */
export function totalBlockingTime(fcp: number | null, tasks: LongTask[]): number | null {
  if (fcp === null) return null;
  return tasks.reduce((sum, task) => {
    const counted = task.start + task.duration - Math.max(task.start, fcp);
    return sum + Math.max(0, counted - LONG_TASK_MS);
  }, 0);
}

/**
 * A page on a mid-range phone as Lighthouse's mobile profile emulates it: the phone's screen, its
 * network and 4× CPU slowdown, cold cache. The bench and its diagnosis scripts (profile-load.ts,
 * trace-load.ts) load through it; the caller closes the context.
 */
export async function openThrottledPhone(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', LIGHTHOUSE_MOBILE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const { context, page } = await openThrottledPhone(browser);
  try {
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.add(response.url());
    });
    await page.addInitScript(RECORD_LONG_TASKS);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const paints = (await page.evaluate(READ_PAINTS)) as Paints;
    return {
      fcp: paints.fcp,
      lcp: paints.lcp,
      tbt: totalBlockingTime(paints.fcp, paints.longTasks),
      scripts: [...scripts],
    };
  } finally {
    await context.close();
  }
}

/** The other interface languages: their chat page may load more (the language's texts); its JavaScript is held to the same budget. */
const OTHER_LOCALES = ['en-US', 'fil-PH', 'zh-TW'];

/** The scripts a page loads in a language (unthrottled: which scripts, not how fast), the first visit's language from the browser's. */
async function scriptsLoaded(browser: Browser, url: string, locale: string): Promise<string[]> {
  const context = await browser.newContext({ ...PHONE, locale });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.add(response.url());
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    return [...scripts];
  } finally {
    await context.close();
  }
}

async function otherLocaleRows(browser: Browser, url: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const locale of OTHER_LOCALES) {
    const scripts = await scriptsLoaded(browser, `${url}/full/chat/mirai`, locale);
    const js = await gzippedKb(scripts);
    rows.push({
      name: `JS /full/chat/mirai really loads in ${locale}, gzipped (${scripts.length} scripts)`,
      value: js,
      unit: 'kB',
      goal: `≤ ${JS_GOAL_KB} kB`,
      pass: js <= JS_GOAL_KB,
    });
  }
  return rows;
}

/** Each script fetched again (unthrottled) and gzipped at zlib's default level: the server may have sent brotli. kB = 1000 B. */
async function gzippedKb(scripts: string[]): Promise<number> {
  let bytes = 0;
  for (const script of scripts) {
    const response = await fetch(script);
    if (!response.ok) throw new Error(`GET ${script}: ${response.status}`);
    bytes += gzipSync(Buffer.from(await response.arrayBuffer())).length;
  }
  return Math.round(bytes / 10) / 100;
}

const median = (values: Array<number | null>): number =>
  percentile(
    values.filter((v): v is number => v !== null),
    50,
  );

export async function benchPlayerLoad(): Promise<BenchRow[]> {
  return withPlayerBench(async ({ url, browser }) => {
    const rows: BenchRow[] = [];
    const where = `median of ${LOADS} cold loads, 390×844 phone, ${CPU_SLOWDOWN}× CPU, Lighthouse mobile network (562.5 ms RTT, 1.47 Mbit/s down)`;
    for (const route of ROUTES) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i += 1) loads.push(await coldLoad(browser, `${url}${route}`));
      const fcp = median(loads.map((l) => l.fcp));
      const lcp = median(loads.map((l) => l.lcp));
      const tbt = median(loads.map((l) => l.tbt));
      const scripts = [...new Set(loads.flatMap((l) => l.scripts))];
      const js = await gzippedKb(scripts);
      rows.push(
        // Goals for LCP and TBT; FCP is shown beside them (Web Vitals call ≤ 1.8 s good).
        {
          name: `page load ${route}: FCP (${where}; Web Vitals "good" ≤ ${FCP_GOOD_MS.toLocaleString('en-US')} ms)`,
          value: fcp,
          unit: 'ms',
        },
        {
          name: `page load ${route}: LCP (${where})`,
          value: lcp,
          unit: 'ms',
          goal: `≤ ${LCP_GOAL_MS.toLocaleString('en-US')} ms`,
          pass: lcp <= LCP_GOAL_MS,
        },
        {
          name: `page load ${route}: TBT (${where}; long tasks after FCP, each less ${LONG_TASK_MS} ms)`,
          value: tbt,
          unit: 'ms',
          goal: `≤ ${TBT_GOAL_MS} ms`,
          pass: tbt <= TBT_GOAL_MS,
        },
        {
          name: `JS ${route} really loads, gzipped (${scripts.length} scripts)`,
          value: js,
          unit: 'kB',
          goal: `≤ ${JS_GOAL_KB} kB`,
          pass: js <= JS_GOAL_KB,
        },
      );
    }
    rows.push(...(await otherLocaleRows(browser, url)));
    return rows;
  });
}

if (import.meta.main) {
  console.log(formatTable(await benchPlayerLoad()));
  process.exit();
}
