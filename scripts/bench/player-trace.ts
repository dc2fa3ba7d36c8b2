/**
 * Why is a clip switch slow? Plays the player bench's scripted conversations with the video
 * probe (test/e2e/video-probe.ts) plus a recorder of the <video> elements' media events, class
 * flips and long animation frames, and prints a trace around every switch slower than the goal
 * (or every switch of a kind with `--all`). `node scripts/bench/player-trace.ts [rounds] [--all] [--cpu=N] [--latency-above=MS] [--json=FILE]`.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  analyzeProbe,
  clipName,
  videoProbeScript,
  type ClipSwitch,
  type ProbeData,
} from '../../test/e2e/video-probe.ts';
import { CONVERSATIONS, dumpProbe, playConversation } from './player-conversation.ts';
import { withPlayerBench } from './player-setup.ts';

const FRAME_MS = 1000 / 15;
const GOAL_MS = FRAME_MS + 5;
const USER_WAITS = ['click:もう一度話す'];

interface MediaEvent {
  i: number;
  type: string;
  t: number;
  src: string;
  ct: number;
  rs: number;
}
interface LongFrame {
  start: number;
  duration: number;
  blocking: number;
  scripts: string[];
}
interface Extra {
  events: MediaEvent[];
  long: LongFrame[];
}

/** Media events of every stage element (indexed like the probe: the order the elements were added), long animation frames, and each playing element's currentTime in every rendering frame (how its clock starts). */
const EXTRA_SCRIPT = `(() => {
  const events = [], long = [], videos = [];
  const TYPES = ['loadstart', 'loadeddata', 'canplay', 'play', 'playing', 'pause', 'waiting', 'stalled', 'seeking', 'seeked', 'ended', 'emptied'];
  const track = (v) => {
    if (videos.includes(v)) return;
    const i = videos.length;
    videos.push(v);
    for (const type of TYPES) v.addEventListener(type, () => events.push({ i, type, t: performance.now(), src: v.currentSrc, ct: v.currentTime, rs: v.readyState }));
    new MutationObserver(() => events.push({ i, type: v.classList.contains('player__video--active') ? 'class:on' : 'class:off', t: performance.now(), src: v.currentSrc, ct: v.currentTime, rs: v.readyState }))
      .observe(v, { attributes: true, attributeFilter: ['class'] });
  };
  new MutationObserver(() => document.querySelectorAll('.player__stage video').forEach(track)).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) long.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration ?? 0,
        scripts: (e.scripts ?? []).map((s) => (s.invoker || s.name) + ' ' + Math.round(s.duration) + 'ms') });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  const clocks = [];
  const sample = (now) => {
    videos.forEach((v, i) => { if (!v.paused) clocks.push({ i, t: now, ct: v.currentTime }); });
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  window.__extra = { dump: () => ({ events, long, clocks }) };
})();`;

const rel = (t: number, at: number) => `${(t - at).toFixed(0).padStart(6)}`;

function trace(s: ClipSwitch, data: ProbeData, extra: Extra): string {
  const from = s.at - 400;
  const lines = [
    `${s.kind} ${clipName(s.fromSrc)}#${s.fromElement} → ${clipName(s.toSrc)}#${s.toElement} gap ${s.gapMs.toFixed(1)} ms at ${s.at.toFixed(0)} (old last media ${s.lastMediaTime.toFixed(3)}/${s.duration.toFixed(3)})`,
  ];
  const loads = data.loads.filter((l) => l.i === s.toElement && l.t <= s.at && clipName(l.src) === clipName(s.toSrc));
  const loadedAgo = loads.length ? s.at - (loads.at(-1)?.t ?? 0) : Number.NaN;
  lines.push(`  new clip loaded ${loadedAgo.toFixed(0)} ms before it showed`);
  for (const m of data.marks.filter((m) => m.t >= s.at - 1500 && m.t <= s.at))
    lines.push(`  ${rel(m.t, s.at)} mark ${m.label}`);
  const oldFrames = data.frames.filter((f) => f.i === s.fromElement && f.now >= from && f.now <= s.at + 100);
  lines.push(
    `  old frames: ${oldFrames.map((f) => `${rel(f.now, s.at).trim()}(${f.mediaTime.toFixed(2)})`).join(' ')}`,
  );
  const newFrames = data.frames.filter((f) => f.i === s.toElement && f.now >= from && f.now <= s.at + 100);
  lines.push(
    `  new frames: ${newFrames.map((f) => `${rel(f.now, s.at).trim()}(${f.mediaTime.toFixed(2)})`).join(' ')}`,
  );
  const renders = data.renders.filter((r) => r.now >= from && r.now <= s.at + 20);
  const gaps = renders
    .slice(1)
    .map((r, k) => r.now - (renders[k]?.now ?? r.now))
    .filter((d) => d > 20);
  lines.push(`  rendering updates: ${renders.length}, late ones: ${gaps.map((d) => d.toFixed(0)).join(' ') || 'none'}`);
  for (const e of extra.events.filter(
    (e) => (e.i === s.fromElement || e.i === s.toElement) && e.t >= from && e.t <= s.at + 50,
  )) {
    lines.push(`  ${rel(e.t, s.at)} #${e.i} ${e.type} ${clipName(e.src)} ct=${e.ct.toFixed(3)} rs=${e.rs}`);
  }
  for (const l of extra.long.filter((l) => l.start + l.duration >= from && l.start <= s.at)) {
    lines.push(
      `  ${rel(l.start, s.at)} long frame ${l.duration.toFixed(0)} ms (blocking ${l.blocking.toFixed(0)}): ${l.scripts.join('; ')}`,
    );
  }
  return lines.join('\n');
}

async function playRound(page: Page): Promise<{ data: ProbeData; extra: Extra }> {
  await page.getByRole('button', { name: '話す', exact: true }).waitFor({ timeout: 30_000 });
  for (const conversation of CONVERSATIONS) await playConversation(page, conversation);
  const data = await dumpProbe<ProbeData>(page);
  const extra = (await page.evaluate(() =>
    (globalThis as unknown as { __extra: { dump(): unknown } }).__extra.dump(),
  )) as Extra;
  return { data, extra };
}

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 2);
const all = process.argv.includes('--all');
/** Replies slower than this (ms from the submit, hit_word_delay included) are traced too. */
const latencyAbove = Number(
  process.argv.find((a) => a.startsWith('--latency-above='))?.slice(16) ?? Number.POSITIVE_INFINITY,
);
const jsonOut = process.argv.find((a) => a.startsWith('--json='))?.slice(7);
/** Chromium's CPU slowdown (Emulation.setCPUThrottlingRate), as `player.ts --cpu=4` runs it. */
const cpuRate = Number(process.argv.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 1);
const dumps: Array<{ data: ProbeData; extra: Extra }> = [];
await withPlayerBench(async ({ url, browser }) => {
  for (let round = 0; round < rounds; round += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    await context.addInitScript({ content: videoProbeScript() });
    await context.addInitScript({ content: EXTRA_SCRIPT });
    const page = await context.newPage();
    if (cpuRate !== 1)
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await page.goto(`${url}/full/chat/mirai`);
    const dump = await playRound(page);
    await context.close();
    dumps.push(dump);
    const result = analyzeProbe(dump.data, { frameMs: FRAME_MS, userWaits: USER_WAITS });
    const counts = (kind: string) =>
      result.switches
        .filter((s) => s.kind === kind)
        .map((s) => s.gapMs.toFixed(0))
        .join(' ');
    console.log(
      `round ${round + 1}: blank ${result.blankFrames}\n  natural: ${counts('natural')}\n  interrupt: ${counts('interrupt')}\n  loop: ${counts('loop')}`,
    );
    for (const s of result.switches.filter((s) => all || s.gapMs > GOAL_MS))
      console.log(trace(s, dump.data, dump.extra));
    console.log(
      `  latencies (submit → next clip): ${result.latencies.map((l) => `${l.ms.toFixed(0)} ${clipName(l.toSrc)}`).join(', ')}`,
    );
    for (const l of result.latencies.filter((l) => l.ms > latencyAbove)) {
      const s = result.switches.find((x) => x.at === l.t + l.ms);
      if (s) console.log(`slow reply ${l.ms.toFixed(0)} ms\n${trace(s, dump.data, dump.extra)}`);
    }
  }
});
if (jsonOut) await writeFile(jsonOut, JSON.stringify(dumps));
process.exit();
