// What the load benchmarks share: a standalone gateway in its own process,
// closed-loop throughput, one-after-another latencies and percentiles.
import { freePort } from '@talkwith/platform/testing';
import { SERVER_NODE_ARGS, startNode, waitForHttp, type NodeProcess } from './processes.ts';

/** The p-th percentile of latencies sorted ascending (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;

/** `npm start` in its own process on a free port: every service, embedded adapters, under `dataDir`; `env` adds settings. */
export async function startStandalone(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ server: NodeProcess; url: string }> {
  const port = await freePort();
  const server = startNode('gateway/src/standalone.ts', {
    nodeArgs: SERVER_NODE_ARGS,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, server, 90_000);
  return { server, url };
}

export interface LoadShape {
  clients: number;
  warmUpMs: number;
  measureMs: number;
}

/** Completed operations per second: `clients` loops (loop i calls `operation(i)`) for measureMs after a warm-up. */
export async function throughput(shape: LoadShape, operation: (client: number) => Promise<void>): Promise<number> {
  const runFor = async (ms: number) => {
    let done = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: shape.clients }, async (_, i) => {
        while (performance.now() < until) {
          await operation(i);
          done++;
        }
      }),
    );
    return done;
  };
  await runFor(shape.warmUpMs);
  const started = performance.now();
  return (await runFor(shape.measureMs)) / ((performance.now() - started) / 1000);
}

/** Latencies (ms, sorted ascending) of `count` calls one after another. */
export async function latencies(count: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
