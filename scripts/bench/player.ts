/**
 * What the user sees of the player, measured in headless Chromium on the demo character
 * ミライ (15 fps clips: one frame is 66.7 ms): the gap between clips at each switch,
 * rendering frames with no frame of the visible clip (blank), and the time from a typed
 * utterance to the reply's first frame. The page is recorded by test/e2e/video-probe.ts;
 * the conversations are scripts/bench/player-conversation.ts. Rounds (a fresh page each,
 * every scripted conversation on it) repeat until each kind of switch was seen 30 times.
 * It runs unthrottled and again with the CPU slowed down 4× (Chromium's Emulation.setCPUThrottlingRate,
 * a mid-range phone as Lighthouse emulates one). `node scripts/bench/player.ts [--cpu=4] [--rounds=N]`
 * runs it alone (one CPU rate; at most N page loads).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import {
  analyzeProbe,
  percentile,
  videoProbeScript,
  type ClipSwitch,
  type Latency,
  type ProbeData,
  type SwitchKind,
} from '../../test/e2e/video-probe.ts';
import { CONVERSATIONS, dumpProbe, playConversation } from './player-conversation.ts';
import { fetchPlayable, withPlayerBench } from './player-setup.ts';
import { FRAME_MS, motionRows } from './player-motion.ts';
import { formatTable, type BenchRow } from './table.ts';

/** The goal for a clip switch: one frame interval, plus 5 ms. */
const GAP_GOAL_MS = FRAME_MS + 5;
const LATENCY_GOAL_MS = 100;
const MIN_SWITCHES = 30;
const MIN_ROUNDS = 2;
const MAX_ROUNDS = 6;
const BUDGET_MS = 10 * 60_000;
/** Lighthouse's mobile CPU slowdown. */
const SLOW_CPU = 4;
/** Starting again after the end waits for the user's click, not for the player: not a switch to time. */
const USER_WAITS = ['click:もう一度話す'];

interface Totals {
  switches: ClipSwitch[];
  latencies: Latency[];
  blankFrames: number;
  blankEpisodes: number;
  renderFrames: number;
  rounds: number;
  conversations: number;
}

/** Clip URLs of the replies to an utterance that was not understood (no hit_word_delay before them). */
function invalidReplyPaths(playable: PlayableCharacter['character']): Set<string> {
  const ids = new Set(
    playable.dialogue.blocks
      .flatMap((b) => [...b.invalid_response_video_ids, b.invalid_final_video_id])
      .filter((id): id is string => !!id),
  );
  return new Set(
    [...ids]
      .map((id) => playable.media.videos[id])
      .filter((u): u is string => !!u)
      .map((u) => new URL(u, 'http://x').pathname),
  );
}

async function playRound(context: BrowserContext, url: string, totals: Totals, cpuRate: number): Promise<void> {
  await context.addInitScript({ content: videoProbeScript() });
  const page = await context.newPage();
  if (cpuRate !== 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.goto(`${url}/full/chat/mirai`);
  await page.getByRole('button', { name: '話す', exact: true }).waitFor({ timeout: 30_000 });
  for (const conversation of CONVERSATIONS) {
    await playConversation(page, conversation);
    totals.conversations += 1;
  }
  const result = analyzeProbe(await dumpProbe<ProbeData>(page), { frameMs: FRAME_MS, userWaits: USER_WAITS });
  totals.switches.push(...result.switches);
  totals.latencies.push(...result.latencies);
  totals.blankFrames += result.blankFrames;
  totals.blankEpisodes += result.blankEpisodes.length;
  totals.renderFrames += result.renderFrames;
  totals.rounds += 1;
}

const LABEL: Record<SwitchKind, string> = { natural: 'natural end', interrupt: 'interrupt', loop: 'loop restart' };

/** Gap percentiles of one kind of switch, in ms and (for natural ends and interrupts) in frames. */
function gapRows(
  switches: ClipSwitch[],
  kind: SwitchKind,
  percentiles: number[],
  inFrames: boolean,
  condition = '',
): BenchRow[] {
  const gaps = switches.filter((s) => s.kind === kind).map((s) => s.gapMs);
  const few = gaps.length < MIN_SWITCHES ? `, fewer than ${MIN_SWITCHES}` : '';
  const goalFrames = GAP_GOAL_MS / FRAME_MS;
  return percentiles.flatMap((p) => {
    const ms = percentile(gaps, p);
    const name = `player clip gap, ${LABEL[kind]}${condition}, p${p} (n=${gaps.length}${few})`;
    const rows: BenchRow[] = [
      {
        name,
        value: ms,
        unit: 'ms',
        baseline: FRAME_MS,
        goal: `≤ ${GAP_GOAL_MS.toFixed(1)} ms`,
        pass: ms <= GAP_GOAL_MS,
      },
    ];
    if (inFrames)
      rows.push({
        name: `${name}, in frames`,
        value: ms / FRAME_MS,
        unit: 'frames',
        baseline: 1,
        goal: `≤ ${goalFrames.toFixed(3)} frames`,
        pass: ms <= GAP_GOAL_MS,
      });
    return rows;
  });
}

function loopRows(switches: ClipSwitch[], condition: string): BenchRow[] {
  const restarts = switches.filter((s) => s.kind === 'loop').length;
  const row: BenchRow = {
    name: `player loop restarts on the same element (next pass not on a twin)${condition}`,
    value: restarts,
    unit: 'restarts',
    goal: '0',
    pass: restarts === 0,
  };
  return restarts === 0 ? [row] : [row, ...gapRows(switches, 'loop', [95], false, condition)];
}

export interface PlayerBenchOptions {
  /** CPU slowdown rates to run at (1: unthrottled); both by default. */
  cpuRates?: number[];
  maxRounds?: number;
}

export async function benchPlayer(options: PlayerBenchOptions = {}): Promise<BenchRow[]> {
  return withPlayerBench(async ({ url, browser }) => {
    const rows: BenchRow[] = [];
    for (const rate of options.cpuRates ?? [1, SLOW_CPU])
      rows.push(...(await benchAtRate(browser, url, rate, options.maxRounds ?? MAX_ROUNDS)));
    return rows;
  });
}

/** Page loads at one CPU rate until each kind of switch was seen MIN_SWITCHES times (or the budget ran out). */
async function collect(browser: Browser, url: string, cpuRate: number, maxRounds: number): Promise<Totals> {
  const totals: Totals = {
    switches: [],
    latencies: [],
    blankFrames: 0,
    blankEpisodes: 0,
    renderFrames: 0,
    rounds: 0,
    conversations: 0,
  };
  const started = Date.now();
  const count = (kind: SwitchKind) => totals.switches.filter((s) => s.kind === kind).length;
  while (totals.rounds < maxRounds && Date.now() - started < BUDGET_MS) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    try {
      await playRound(context, url, totals, cpuRate);
    } finally {
      await context.close();
    }
    if (totals.rounds >= MIN_ROUNDS && count('natural') >= MIN_SWITCHES && count('interrupt') >= MIN_SWITCHES) break;
  }
  return totals;
}

function blankRows(totals: Totals, condition: string): BenchRow[] {
  const where = `${totals.rounds} page loads, ${totals.conversations} conversations${condition}`;
  return [
    {
      name: `player blank rendering frames (of ${totals.renderFrames}, ${where})`,
      value: totals.blankFrames,
      unit: 'frames',
      goal: '0',
      pass: totals.blankFrames === 0,
    },
    {
      name: `player blank episodes${condition}`,
      value: totals.blankEpisodes,
      unit: 'episodes',
      goal: '0',
      pass: totals.blankEpisodes === 0,
    },
  ];
}

function latencyRows(totals: Totals, playable: PlayableCharacter['character'], condition: string): BenchRow[] {
  const hitWordDelay = playable.dialogue.setting.hit_word_delay;
  const invalid = invalidReplyPaths(playable);
  // Only replies to understood utterances wait hit_word_delay; a reply to a misunderstood one is not counted.
  const replies = totals.latencies
    .filter((l) => !invalid.has(new URL(l.toSrc).pathname))
    .map((l) => l.ms - hitWordDelay);
  const skipped = totals.latencies.length - replies.length;
  return [50, 95].map((p): BenchRow => {
    const ms = percentile(replies, p);
    return {
      name: `player reply latency − hit_word_delay (${hitWordDelay} ms)${condition}, p${p} (n=${replies.length}${skipped ? `, ${skipped} not understood left out` : ''})`,
      value: ms,
      unit: 'ms',
      goal: `≤ ${LATENCY_GOAL_MS} ms`,
      pass: ms <= LATENCY_GOAL_MS,
    };
  });
}

async function benchAtRate(browser: Browser, url: string, cpuRate: number, maxRounds: number): Promise<BenchRow[]> {
  const condition = cpuRate === 1 ? '' : `, ${cpuRate}× CPU slowdown`;
  const playable = await fetchPlayable(url);
  const totals = await collect(browser, url, cpuRate, maxRounds);
  return [
    ...gapRows(totals.switches, 'natural', [50, 95], true, condition),
    ...gapRows(totals.switches, 'interrupt', [50, 95], true, condition),
    ...motionRows(totals.switches, condition),
    // A listening loop that starts over on the same element (a seek on screen): not one of the issue's
    // kinds, shown because it is a seam too. The stage plays a loop's next pass on a twin element, so none is the goal.
    ...loopRows(totals.switches, condition),
    ...blankRows(totals, condition),
    ...latencyRows(totals, playable, condition),
  ];
}

if (import.meta.main) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const cpu = arg('cpu');
  const rounds = arg('rounds');
  console.log(
    formatTable(
      await benchPlayer({
        cpuRates: cpu ? [Number(cpu)] : undefined,
        maxRounds: rounds ? Number(rounds) : undefined,
      }),
    ),
  );
  process.exit();
}
