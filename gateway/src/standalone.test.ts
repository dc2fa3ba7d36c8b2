import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '@talkwith/platform/testing';

const ENTRY = fileURLToPath(new URL('./standalone.ts', import.meta.url));

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitForHealth(url: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url} within ${withinMs} ms`);
}

async function waitForOutput(output: () => string, text: string): Promise<void> {
  for (let i = 0; i < 100 && !output().includes(text); i++) await new Promise((r) => setTimeout(r, 100));
  expect(output()).toContain(text);
}

describe('standalone process', () => {
  it('standalone, spawned with a temp DATA_DIR, answers /healthz within 10 s, says where to talk and administer, and stops cleanly on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'standalone-'));
    const port = await freePort();
    const proc = start({ PORT: String(port), DATA_DIR: dir, HOST: '127.0.0.1' });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/healthz`, 10_000);
      await waitForOutput(proc.output, `running at http://localhost:${port}`);
      expect(existsSync(join(dir, 'secrets.json'))).toBe(true);
      const { ADMIN_PATH_PREFIX } = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')) as {
        ADMIN_PATH_PREFIX: string;
      };
      await waitForOutput(proc.output, `Talk with the demo character: http://localhost:${port}/full/select_chat`);
      await waitForOutput(
        proc.output,
        `Admin console (keep this address secret): http://localhost:${port}/${ADMIN_PATH_PREFIX}/`,
      );
      await waitForOutput(proc.output, 'First admin account: admin@talkwith.local');
      proc.child.kill('SIGTERM');
      expect(await proc.exit).toBe(0);
    } finally {
      proc.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('standalone, first start on an empty DATA_DIR, finds the demo character ミライ by search without any republish', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'standalone-'));
    const port = await freePort();
    const proc = start({ PORT: String(port), DATA_DIR: dir, HOST: '127.0.0.1' });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/healthz`, 10_000);
      const search = `http://127.0.0.1:${port}/api/dialogue/characters/search?q=${encodeURIComponent('ミライ')}`;
      let names: string[] = [];
      // Her character.published event is stored before the dialogue service subscribes; the embedded bus still delivers it.
      for (let i = 0; i < 50 && names.length === 0; i++) {
        const body = (await (await fetch(search)).json()) as { hits?: Array<{ name: string }> };
        names = (body.hits ?? []).map((c) => c.name);
        if (names.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(names).toContain('ミライ');
    } finally {
      proc.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('standalone, LOG_FORMAT=pretty at info, logs one readable line per request and health probes not at all', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'standalone-'));
    const port = await freePort();
    const proc = start({
      PORT: String(port),
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      NO_COLOR: '1',
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/healthz`, 10_000);
      await fetch(`http://127.0.0.1:${port}/api/config`);
      await waitForOutput(proc.output, 'GET /api/config 200');
      // Log lines only (they start with a time); the start-up banner names /api/<prefix>/ too.
      const requestLines = proc
        .output()
        .split('\n')
        .filter((line) => line.startsWith('[') && / \/(api|healthz)/.test(line));
      expect(requestLines).toEqual([
        expect.stringMatching(/^\[[\d:.]+\] INFO \(standalone\): GET \/api\/config 200 \d+ ms$/),
      ]);
    } finally {
      proc.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('standalone, a bad PORT, stops at start-up naming the variable', async () => {
    const proc = start({ PORT: 'eighty', DATA_DIR: join(tmpdir(), 'never-created') });
    expect(await proc.exit).toBe(1);
    expect(proc.output()).toContain('PORT');
  });
});
