// The distributed gateway with one service down: a route whose service is up
// must stay as fast as with every service up (the down one's routes answer
// 503 from its open circuit, without costing the others). Same topology, same run.
import { adminToken, startTopology, type Topology } from '../../test/distributed/topology.ts';
import { percentile, round1 } from './load.ts';
import { printAlone, type BenchRow } from './table.ts';

const SHAPE = { upClients: 8, downClients: 8, warmUpMs: 2000, measureMs: 6000 } as const;
const UP_ROUTE = '/api/characters';
const DOWN_ROUTE = '/api/cancel_reasons/list';

interface Phase {
  /** Latencies (ms, ascending) of the route whose service is up. */
  up: number[];
  /** Latencies (ms, ascending) and statuses of the other service's route, loaded at the same time. */
  other: number[];
  otherStatuses: Map<number, number>;
}

/** `clients` loops calling `path` until `until`; each latency (after `from`) and status recorded. */
async function loop(
  url: string,
  clients: number,
  from: number,
  until: number,
  headers: Record<string, string>,
  into: { times: number[]; statuses?: Map<number, number> },
): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (started < from) continue;
        into.times.push(performance.now() - started);
        into.statuses?.set(response.status, (into.statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
}

/** Both routes under load at once; only the answers after the warm-up count. */
async function phase(t: Topology, token: string): Promise<Phase> {
  const from = performance.now() + SHAPE.warmUpMs;
  const until = from + SHAPE.measureMs;
  const up = { times: [] as number[] };
  const other = { times: [] as number[], statuses: new Map<number, number>() };
  const auth = { authorization: `Bearer ${token}` };
  await Promise.all([
    loop(`${t.gatewayUrl}${UP_ROUTE}`, SHAPE.upClients, from, until, {}, up),
    loop(`${t.gatewayUrl}${DOWN_ROUTE}`, SHAPE.downClients, from, until, auth, other),
  ]);
  return {
    up: up.times.sort((a, b) => a - b),
    other: other.times.sort((a, b) => a - b),
    otherStatuses: other.statuses,
  };
}

export async function benchDegrade(): Promise<BenchRow[]> {
  const topology = await startTopology({ env: { gateway: { API_RATE_LIMIT_PER_MINUTE: '100000000' } } });
  try {
    const token = adminToken(topology.jwtSecret, 'bench-degrade');
    const allUp = await phase(topology, token);
    await topology.killService('billing', 'SIGKILL');
    const billingDown = await phase(topology, token);
    const [p99Up, p99Down] = [percentile(allUp.up, 99), percentile(billingDown.up, 99)];
    const statuses = [...billingDown.otherStatuses].map(([status, n]) => `${status}×${n}`).join(' ');
    return [
      {
        name: `gateway p99, catalog route (${SHAPE.upClients} clients) with billing down vs all up`,
        value: round1(p99Down),
        unit: 'ms',
        baseline: round1(p99Up),
        goal: '≤ 1.2×',
        pass: p99Down <= 1.2 * p99Up,
      },
      {
        name: 'gateway p50, catalog route with billing down vs all up',
        value: round1(percentile(billingDown.up, 50)),
        unit: 'ms',
        baseline: round1(percentile(allUp.up, 50)),
      },
      {
        name: `gateway p99, billing route while billing is down (${statuses})`,
        value: round1(percentile(billingDown.other, 99)),
        unit: 'ms',
        baseline: round1(percentile(allUp.other, 99)),
      },
    ];
  } finally {
    await topology.close();
  }
}

if (import.meta.main) await printAlone(benchDegrade);
