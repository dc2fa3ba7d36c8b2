import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '../store/index.ts';

const WORKER = join(import.meta.dirname, 'fixtures', 'outbox-crash-worker.ts');

interface Life {
  published: string[];
  handled: string[];
}

/**
 * Runs one worker life: publishing `toPublish` events and SIGKILLed once
 * `killAfterHandled` handler runs completed, or (toPublish = 'drain') until
 * it exits by itself with nothing left to deliver.
 */
function live(dir: string, toPublish: number | 'drain', killAfterHandled: number | null): Promise<Life> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, dir, String(toPublish)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const life: Life = { published: [], handled: [] };
    let buffered = '';
    let stderr = '';
    let stopping = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('published ')) life.published.push(line.slice(10));
        else if (line.startsWith('handled ')) life.handled.push(line.slice(8));
      }
      if (!stopping && killAfterHandled !== null && life.handled.length >= killAfterHandled) {
        stopping = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if ((stopping && signal === 'SIGKILL') || code === 0) resolve(life);
      else reject(new Error(`worker exited with ${code ?? signal}: ${stderr}`));
    });
  });
}

describe('embedded bus crash safety', () => {
  it('standalone event path, SIGKILLed twice mid-handling, a new process on the same DATA_DIR finishes every event exactly once in effect and in order per key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-bus-crash-'));
    const total = 40;
    const first = await live(dir, total, 3 + Math.floor(Math.random() * 8));
    const second = await live(dir, 0, 2 + Math.floor(Math.random() * 5));
    const last = await live(dir, 'drain', null);
    const acknowledged = new Set(first.published);

    const store = await createEmbeddedStore({ dir });
    const effects = await store.collection('effects').find({}, { sort: { order: 1 } });
    const effectIds = new Set(effects.map((e) => e._id));
    expect([...acknowledged].filter((id) => !effectIds.has(id))).toEqual([]);
    // A publish cut short by the kill may still have committed (then it is delivered too), never more than that one,
    // and never an event without its source row: they commit together.
    expect(effects.length - acknowledged.size).toBeLessThanOrEqual(1);
    expect(await store.collection('sources').countDocuments({})).toBe(
      await store.collection('outbox').countDocuments({}),
    );
    for (const key of ['user-0', 'user-1', 'user-2']) {
      const indexes = effects.filter((e) => e['key'] === key).map((e) => e['index'] as number);
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    }
    // Exactly once in effect: each handler's effects and its dedupe record commit together.
    expect(new Set(effects.map((e) => e['order'])).size).toBe(effects.length);
    expect(await store.collection('bus_parked').countDocuments({})).toBe(0);
    const runs = first.handled.length + second.handled.length + last.handled.length;
    expect(runs).toBeGreaterThanOrEqual(effects.length);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
