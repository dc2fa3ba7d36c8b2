import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/** Child-process helpers shared by the benchmarks and the distributed test. */

export const ROOT = join(import.meta.dirname, '..', '..');

/** The V8 flags every server runs with (deploy/start.sh, `npm start`): a bench measures the server as it runs (BENCH_SERVER_NODE_ARGS replaces them for an experiment). */
export const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '--max-semi-space-size=32')
  .split(' ')
  .filter(Boolean);

export interface NodeProcess {
  child: ChildProcess;
  /** Everything the process wrote to stderr (and stdout when captured), for failure messages. */
  output(): string;
  /** SIGTERM (or `signal`), then resolves when it exited; SIGKILL if it takes longer than `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface StartNodeOptions {
  args?: string[];
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
  /** Keep stdout (default: discarded, so log volume never backs up the pipe). */
  captureStdout?: boolean;
  /** Open an IPC channel (process.send / 'message'). */
  ipc?: boolean;
}

const live = new Set<ChildProcess>();
// A child must never outlive the bench or test that started it, even when that one fails hard.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Starts `node <script>` from the repository root. */
export function startNode(script: string, options: StartNodeOptions = {}): NodeProcess {
  // PROCESS_LOG_PREFIX=/tmp/run keeps each child's whole output in /tmp/run.<script> (a distributed test's flake, read afterwards).
  const logFile = process.env.PROCESS_LOG_PREFIX
    ? `${process.env.PROCESS_LOG_PREFIX}.${script.replace(/\W/g, '_')}`
    : undefined;
  const stdio: StdioOptions = ['ignore', options.captureStdout || logFile ? 'pipe' : 'ignore', 'pipe'];
  if (options.ipc) stdio.push('ipc');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...(options.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  live.add(child);
  const exited = once(child, 'exit');
  void exited.then(() => live.delete(child));
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx; fails early with the process output if it exits first. */
export async function waitForHttp(url: string, process: NodeProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(
        `process exited (${process.child.exitCode ?? process.child.signalCode}) before ${url} answered:\n${process.output()}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs} ms:\n${process.output()}`);
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}
