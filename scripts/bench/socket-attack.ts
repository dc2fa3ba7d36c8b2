import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printAlone, type BenchRow } from './table.ts';
import { percentile, startStandalone } from './load.ts';
import { startNode } from './processes.ts';
import type { AttackReport } from './socket-attacker.ts';

const SOCKETS = 60;
const FRAMES = 30;
/** The attack is repeated (each wave a new 60 × 30, within the same budget minute) so the probes during it are enough for a p99. */
const WAVES = 3;
const IDLE_PROBES = 400;
/** The first seconds of the attack, while the frames of the first wave arrive (the sockets then wait, not read, for their idle time-out). */
const BURST_MS = 3000;

/** One GET /healthz from 127.0.0.2, another address than the attacker's (127.0.0.1); resolves with its time in ms. */
function probe(url: URL): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: '/healthz', localAddress: '127.0.0.2', agent: false },
      (res) => {
        res.resume();
        res.once('end', () => resolve(performance.now() - started));
      },
    );
    req.once('error', reject);
    req.end();
  });
}

/** Probes one after another until `stop()` says so; latencies sorted ascending. `startedAt` gets each probe's start (performance.now()). */
async function probeUntil(url: URL, stop: (done: number) => boolean, startedAt: number[] = []): Promise<number[]> {
  const times: number[] = [];
  while (!stop(times.length)) {
    startedAt.push(performance.now());
    times.push(await probe(url));
  }
  return [...times].sort((a, b) => a - b);
}

/** Runs the attacker process and probes /healthz while its sockets are sending; the attacker's report and the latencies. */
async function underAttack(url: URL): Promise<{ report: AttackReport; times: number[]; burst: number[] }> {
  const attacker = startNode('scripts/bench/socket-attacker.ts', {
    args: [`ws://${url.host}/api/socketio/new`, String(SOCKETS), String(FRAMES), String(WAVES)],
    ipc: true,
  });
  await once(attacker.child, 'message');
  let report: AttackReport | null = null;
  const finished = once(attacker.child, 'message').then(([answer]) => {
    report = answer as AttackReport;
  });
  attacker.child.send('go');
  const go = performance.now();
  const startedAt: number[] = [];
  const inOrder: number[] = [];
  const times = await probeUntil(
    url,
    (n) => {
      if (n > 0) inOrder.push(performance.now() - (startedAt[n - 1] ?? 0));
      return report !== null;
    },
    startedAt,
  );
  await finished;
  await attacker.stop();
  const burst = inOrder.filter((_, i) => (startedAt[i] ?? Infinity) - go < BURST_MS).sort((a, b) => a - b);
  return { report: report as unknown as AttackReport, times, burst };
}

const ms = (n: number) => Math.round(n * 100) / 100;
const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ') || 'none';

/**
 * The socket attack of the finding: 60 anonymous sockets from one address,
 * each sending 30 log frames whose extra is arrays 7 wide and 5 deep (39 KB),
 * while another address probes /healthz one request after another. p99 of
 * the probes during the attack against p99 idle, measured in the same run on
 * a standalone gateway with the default socket limits.
 */
export async function benchSocketAttack(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-socket-'));
  const { server, url } = await startStandalone(dataDir, {});
  try {
    const target = new URL(url);
    await probeUntil(target, (n) => n >= 200);
    // Idle probes before and after the attack, so load from elsewhere on the machine weighs on both figures alike.
    const before = await probeUntil(target, (n) => n >= IDLE_PROBES);
    const { report, times, burst } = await underAttack(target);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = [...before, ...(await probeUntil(target, (n) => n >= IDLE_PROBES))].sort((a, b) => a - b);
    const idleP99 = percentile(idle, 99);
    const attackP99 = percentile(times, 99);
    const what = `${report.opened} sockets opened, upgrades refused: ${counts(report.refused)}; answers: ${counts(report.answers)}; attack ${Math.round(report.ms)} ms, ${times.length} probes`;
    return [
      {
        name: `/healthz p99 during the socket attack, ${WAVES} waves of ${SOCKETS} sockets × ${FRAMES} nested 39 KB frames from one address (${what})`,
        value: ms(attackP99),
        unit: 'ms',
        baseline: ms(idleP99),
        goal: '≤ 2× idle p99',
        pass: attackP99 <= 2 * idleP99,
      },
      {
        name: `/healthz p99 in the attack's first ${BURST_MS / 1000} s (${burst.length} probes; baseline: idle p99)`,
        value: ms(percentile(burst, 99)),
        unit: 'ms',
        baseline: ms(idleP99),
        goal: '≤ 2× idle p99',
        pass: percentile(burst, 99) <= 2 * idleP99,
      },
      {
        name: '/healthz max during the socket attack (baseline: idle max)',
        value: ms(times.at(-1) ?? NaN),
        unit: 'ms',
        baseline: ms(idle.at(-1) ?? NaN),
      },
    ];
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await printAlone(benchSocketAttack);
  process.exit();
}
