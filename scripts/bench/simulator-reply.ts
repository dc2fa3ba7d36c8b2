/**
 * Issue 25: the console's simulator answers as fast as the player. The same
 * typed hit word (「ラーメン」 in 食べ物の話, matched in the browser) → the
 * reply's first frame, minus hit_word_delay, in the operator's simulator on
 * the draft (characters/demo-mirai/try) and in a visitor's player of the
 * published ミライ, alternating, in one run on the standalone gateway. Goal:
 * the simulator within 1.2× the player. `node scripts/bench/simulator-reply.ts` runs it alone.
 */
import { startConsoleWorld } from '../../test/e2e/console-world.ts';
import { percentile, videoProbeScript } from '../../test/e2e/video-probe.ts';
import { converse, timedReplies } from './player-server-reply.ts';
import { fetchPlayable } from './player-setup.ts';
import { formatTable, type BenchRow } from './table.ts';

/** Replies timed per page, alternating: with 12 taken one page after the other, the p95 was one stall of either phase. */
const SAMPLES = 24;
const RATIO_GOAL = 1.2;

export async function benchSimulatorReply(): Promise<BenchRow[]> {
  const world = await startConsoleWorld('simulator-bench');
  try {
    const delay = (await fetchPlayable(world.server.url)).dialogue.setting.hit_word_delay;
    const visitor = await (
      await world.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' })
    ).newPage();
    await visitor.context().addInitScript({ content: videoProbeScript() });
    await world.admin.context().addInitScript({ content: videoProbeScript() });
    await visitor.goto(`${world.server.url}/full/chat/mirai`);
    await world.admin.goto(world.consolePath('characters/demo-mirai/try'));
    // Alternating, so a drift in the machine's load weighs on both pages alike (each page's probe times every reply since its load).
    for (let i = 0; i < SAMPLES; i++) {
      await converse(visitor, 'local');
      await converse(world.admin, 'local');
    }
    const player = await timedReplies(visitor, SAMPLES);
    const simulator = await timedReplies(world.admin, SAMPLES);
    const [sim95, player95] = [
      percentile(
        simulator.map((ms) => ms - delay),
        95,
      ),
      percentile(
        player.map((ms) => ms - delay),
        95,
      ),
    ];
    const ratio = Math.round((sim95 / Math.max(1, player95)) * 100) / 100;
    return [
      {
        name: `simulator reply latency − hit_word_delay (${delay} ms), p95 (n=${simulator.length}, alternating with the player; p50 ${Math.round(percentile(simulator, 50) - delay)} against ${Math.round(percentile(player, 50) - delay)} ms)`,
        value: sim95,
        unit: 'ms',
        baseline: player95,
        goal: `≤ ${RATIO_GOAL}× the player's`,
        pass: ratio <= RATIO_GOAL,
      },
      {
        name: `player reply latency − hit_word_delay, p95 (n=${player.length}, same run)`,
        value: player95,
        unit: 'ms',
      },
      { name: 'simulator / player, p95', value: ratio, unit: '×' },
    ];
  } finally {
    await world.close();
  }
}

if (import.meta.main) {
  console.log(formatTable(await benchSimulatorReply()));
  process.exit();
}
