import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A port the OS says is free right now (redis-server cannot bind port 0 itself). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** null when `envVar` is set (the suite can run), else why it is skipped. */
export function skipReason(envVar: string): string | null {
  return process.env[envVar] ? null : `skipped: ${envVar} is not set — set it to run against a real engine`;
}

function pingOnce(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

async function waitForPong(port: number, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const exitReason = exited();
    if (exitReason) throw new Error(`redis-server exited before answering: ${exitReason}`);
    if (await pingOnce(port)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within 10 s`);
}

/**
 * Starts a throw-away redis-server (no persistence, own temp dir, free port)
 * and resolves once it answers PING. Always call stop() (e.g. in afterAll).
 * `port`: a given one, e.g. the port of a server stopped before, to bring
 * "the same Redis" back (empty: nothing persists) for an outage test.
 */
export async function startRedisServer(options: { port?: number } = {}): Promise<RunningRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-redis-'));
  // A given port: a restart in the same place (clients reconnect to the URL they have).
  const port = options.port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let exitReason: string | null = null;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exitReason = `code ${code} signal ${signal} ${stderr}`.trim();
      resolve();
    });
    child.on('error', (err) => {
      exitReason = err.message;
      resolve();
    });
  });
  try {
    await waitForPong(port, () => exitReason);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (exitReason === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
