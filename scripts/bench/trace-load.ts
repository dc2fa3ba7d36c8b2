/**
 * The long tasks of one cold page load, from a Chromium trace: for each main-thread task over 50 ms,
 * what it spent its time on (script evaluation by URL, function calls by URL, parse, style, layout, paint),
 * under the same phone, network and 4× CPU slowdown as player-load.ts.
 * `node scripts/bench/trace-load.ts [/full/chat/mirai]` (a diagnosis aid, not in `npm run bench`).
 */
import { openThrottledPhone } from './player-load.ts';
import { withPlayerBench } from './player-setup.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string; stackTrace?: Array<{ url: string }> } };
}

const route = process.argv[2] ?? '/full/chat/mirai';
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  // Compilation (V8.CompileCode, v8.compile) and parsing: how much of a module's evaluation is compiling it.
  'v8',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
];
const short = (url = '') => url.replace(/^https?:\/\/[^/]+/, '');

function label(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'EvaluateScript' || event.name === 'v8.compile') return `${event.name} ${short(data?.url)}`;
  if (event.name === 'FunctionCall') return `FunctionCall ${data?.functionName || ''} ${short(data?.url)}`;
  return event.name;
}

await withPlayerBench(async ({ url, browser }) => {
  const { context, page, cdp } = await openThrottledPhone(browser);
  const events: TraceEvent[] = [];
  // CDP types the events as string maps; these are Chromium's trace events.
  cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  const start = Date.now();
  await page.goto(`${url}${route}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(3_000);
  await cdp.send('Tracing.end');
  await done;
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
  const t0 = nav?.ts ?? events[0]!.ts;
  // The page's main thread: where its scripts run (the thread with the most FunctionCall events).
  const calls = new Map<string, number>();
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(`${e.pid}:${e.tid}`, (calls.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const [pid, tid] = ([...calls].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '0:0').split(':').map(Number);
  const rendererMain = { pid, tid };
  const main = events.filter((e) => e.pid === rendererMain.pid && e.tid === rendererMain.tid);
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  if (process.env.TRACE_DEBUG) {
    const names = new Map<string, number>();
    for (const e of events) names.set(`${e.name}/${e.ph}`, (names.get(`${e.name}/${e.ph}`) ?? 0) + 1);
    console.log(events.length, rendererMain, [...names].sort((a, b) => b[1] - a[1]).slice(0, 30));
  }
  console.log(`${tasks.length} long tasks (wall ${Date.now() - start} ms)`);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inner = main.filter(
      (e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 5_000,
    );
    console.log(`\n@${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms`);
    for (const e of inner.slice(0, Number(process.env.TRACE_INNER ?? 12)))
      console.log(`   ${(e.dur! / 1000).toFixed(0).padStart(5)} ${label(e)}`);
  }
  await context.close();
});
process.exit();
