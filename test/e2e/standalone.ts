import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The Chromium the browser tests and the player benchmarks drive (override with CHROMIUM_PATH). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = (): boolean => existsSync(CHROMIUM);

/** Headless Chromium as the player tests and benchmarks launch it: sound may start without a gesture. */
export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

const STANDALONE = join(import.meta.dirname, '..', '..', 'gateway', 'src', 'standalone.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Standalone {
  url: string;
  child: ChildProcess;
}

/** `npm start` as a user runs it: the standalone gateway on embedded adapters, in its own process. */
export async function startStandalone(dataDir: string, env: Record<string, string> = {}): Promise<Standalone> {
  const port = await freePort();
  const child = spawn(process.execPath, [STANDALONE], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`standalone did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('TALK WITH is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`standalone exited ${code}:\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** SIGTERM, then waits for the process to exit. */
export async function stopStandalone(server: Standalone | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}
