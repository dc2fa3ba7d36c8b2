import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from './embedded-store.ts';

const WRITER = join(import.meta.dirname, 'fixtures', 'crash-writer.ts');

interface Acks {
  ids: string[];
}

/** Runs the writer and SIGKILLs it once it has acknowledged `killAfter` writes. */
function runAndKill(dir: string, run: number, killAfter: number): Promise<Acks> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dir, String(run)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acks: Acks = { ids: [] };
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? ''; // a torn last line was not fully acknowledged
      for (const line of lines) {
        if (line.startsWith('ack ')) acks.ids.push(line.slice(4));
      }
      if (acks.ids.length >= killAfter) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

const OPENING_BALANCE = 1_000_000;

describe('embedded store crash safety', () => {
  it('transfer transactions, SIGKILLed at random moments six times, keep every acknowledged transfer once with its event and conserve the money', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-crash-'));
    const acked: string[] = [];
    for (let run = 0; run < 6; run++) {
      acked.push(...(await runAndKill(dir, run, 20 + Math.floor(Math.random() * 400))).ids);

      const store = await createEmbeddedStore({ dir });
      const transfers = await store
        .collection<{ _id: string; from: string; amount: number; at: Date }>('transfers')
        .find({});
      const events = new Set((await store.collection('outbox').find({})).map((e) => e['transfer_id']));
      const stored = new Set(transfers.map((t) => t._id));
      // Every acknowledged transfer is there; an unacknowledged one may be too (committed just before the kill).
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
      // No torn transaction: a transfer and its event exist together or not at all.
      expect(transfers.filter((t) => !events.has(t._id))).toEqual([]);
      expect(events.size).toBe(transfers.length);
      // The balances moved by exactly the stored transfers, and no money appeared or vanished.
      const balances = Object.fromEntries(
        (await store.collection('balances').find({})).map((b) => [b._id, b['amount'] as number]),
      );
      const paidByAlice = transfers.reduce((sum, t) => sum + (t.from === 'alice' ? t.amount : -t.amount), 0);
      expect(balances).toEqual({ alice: OPENING_BALANCE - paidByAlice, bob: OPENING_BALANCE + paidByAlice });
      expect(transfers.at(-1)?.at).toBeInstanceOf(Date);
      await store.close();
    }
    expect(acked.length).toBeGreaterThan(100);
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
