/**
 * Where the blocking time of a cold page load goes: a CPU profile of one load under the
 * same phone, network and 4× CPU slowdown as player-load.ts, summed by script and by function,
 * with the long tasks. `node scripts/bench/profile-load.ts [/full/chat/mirai]` (a diagnosis aid, not in `npm run bench`).
 */
import { writeFile } from 'node:fs/promises';
import { openThrottledPhone } from './player-load.ts';
import { withPlayerBench } from './player-setup.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const route = process.argv[2] ?? '/full/chat/mirai';
const TOP = 40;

/** Self time in ms per key of each sampled node. */
function selfTimes(profile: Profile, keyOf: (node: ProfileNode) => string): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Time in ms each function was on the stack (once per sample however deep it recurs). */
function inclusiveTimes(profile: Profile, keyOf: (node: ProfileNode) => string): Array<[string, number]> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at)!));
    for (const key of seen) totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** The call tree under each script's top level (module evaluation), children over `minMs`, to depth 4. */
function printTree(profile: Profile, minMs: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = (id: number): number =>
    (self.get(id) ?? 0) + (byId.get(id)!.children ?? []).reduce((sum, child) => sum + total(child), 0);
  const walk = (id: number, depth: number) => {
    const node = byId.get(id)!;
    const ms = total(id);
    if (ms < minMs) return;
    const { functionName, url, lineNumber } = node.callFrame;
    console.log(`${'  '.repeat(depth)}${ms.toFixed(0)} ${functionName || '(anon)'} ${short(url)}:${lineNumber}`);
    if (depth < 5) for (const child of node.children ?? []) walk(child, depth + 1);
  };
  for (const node of profile.nodes)
    if (!node.callFrame.functionName && node.callFrame.lineNumber === 0 && node.callFrame.url.includes('/assets/'))
      walk(node.id, 0);
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '(native)';

await withPlayerBench(async ({ url, browser }) => {
  const { context, page, cdp } = await openThrottledPhone(browser);
  await page.addInitScript(`window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask' });`);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(`${url}${route}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(3_000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const marks =
    await page.evaluate(`({ longTasks: window.__longTasks, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    resources: performance.getEntriesByType('resource').map((r) => [r.name.replace(location.origin, ''), Math.round(r.startTime), Math.round(r.responseEnd)]) })`);
  console.log(JSON.stringify(marks, null, 1));
  // The raw profile and marks for a closer look (chrome://inspect or DevTools' Performance panel open a .cpuprofile).
  if (process.env.PROFILE_OUT) await writeFile(process.env.PROFILE_OUT, JSON.stringify({ ...profile, marks }));
  console.log('\n-- self time by script (ms, throttled) --');
  for (const [key, ms] of selfTimes(profile, (n) => short(n.callFrame.url)).slice(0, 15))
    console.log(ms.toFixed(0).padStart(7), key);
  console.log('\n-- self time by function --');
  for (const [key, ms] of selfTimes(
    profile,
    (n) =>
      `${n.callFrame.functionName || '(anon)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`,
  ).slice(0, TOP))
    console.log(ms.toFixed(0).padStart(7), key);
  if (process.env.PROFILE_TREE) printTree(profile, Number(process.env.PROFILE_TREE));
  console.log('\n-- inclusive time by function --');
  for (const [key, ms] of inclusiveTimes(
    profile,
    (n) => `${n.callFrame.functionName || '(anon)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber}`,
  ).slice(0, 120))
    console.log(ms.toFixed(0).padStart(7), key);
  await context.close();
});
process.exit();
