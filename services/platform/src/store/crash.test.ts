import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from './embedded-store.ts';
import { frame, listSegments, segmentName } from './wal.ts';

const WRITER = join(import.meta.dirname, 'crash-writer.ts');

interface Acks {
  ids: string[];
  incs: number;
}

/** Runs the writer and SIGKILLs it once it has acknowledged `killAfter` writes. */
function runAndKill(dir: string, run: number, killAfter: number): Promise<Acks> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dir, String(run)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acks: Acks = { ids: [], incs: 0 };
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? ''; // a torn last line was not fully acknowledged
      for (const line of lines) {
        if (line.startsWith('ack ')) acks.ids.push(line.slice(4));
        else if (line === 'inc') acks.incs += 1;
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

async function appendTornRecord(dir: string): Promise<void> {
  const newest = (await listSegments(dir)).at(-1);
  if (newest === undefined) return;
  const record = frame({ c: 'docs', put: [{ _id: 'never-acknowledged', seq: 'never-acknowledged' }] });
  await appendFile(join(dir, segmentName(newest)), record.subarray(0, record.length - 3));
}

describe('embedded store crash safety', () => {
  it('writer process, SIGKILLed at random moments six times (some with a torn last record), loses no acknowledged write', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-crash-'));
    const acked: string[] = [];
    let incs = 0;
    for (let run = 0; run < 6; run++) {
      const result = await runAndKill(dir, run, 20 + Math.floor(Math.random() * 600));
      acked.push(...result.ids);
      incs += result.incs;
      // SIGKILL cannot tear a write() the kernel already took; a power cut can. Simulate one on odd runs.
      if (run % 2 === 1) await appendTornRecord(dir);

      const store = await createEmbeddedStore({ dir });
      const docs = store.collection('docs');
      const present = new Set((await docs.find({}, { projection: { _id: 1 } })).map((d) => d._id));
      expect(acked.filter((id) => !present.has(id))).toEqual([]);
      const counter = await store.collection('counters').findOne({ _id: 'c' });
      // Unacknowledged increments may have reached the disk too, never the other way round.
      expect(counter?.['n']).toBeGreaterThanOrEqual(incs);
      expect(present.has('never-acknowledged')).toBe(false);
      await expect(docs.insertOne({ seq: acked[0] })).rejects.toMatchObject({ code: 'DUPLICATE_KEY' });
      const sample = await docs.findOne({ _id: acked.at(-1) as string });
      expect(sample?.['at']).toBeInstanceOf(Date);
      await docs.insertOne({ _id: `check-${run}`, seq: `check-${run}` });
      await store.close();
    }
    expect(acked.length).toBeGreaterThan(100);
    await rm(dir, { recursive: true, force: true });
  }, 30_000);
});
