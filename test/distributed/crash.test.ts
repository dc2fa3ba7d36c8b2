import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { crashLoggingMidStream, EVENTS, KILL_AFTER_STORED, LOG_TYPE } from './log-crash-driver.ts';
import { startTopology, type Topology } from './topology.ts';

// Item 7 of the platform issue: the distributed topology on Redis, one service
// SIGKILLed while events for it are in flight, restarted, and every event
// handled exactly once in effect. The Redis Streams bus hands a dead member's
// shards to the new one after its lease (10 s), so the test waits that long.

let topology: Topology | undefined;

beforeAll(async () => {
  topology = await startTopology();
}, 200_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

async function readStoredLogs(dataDir: string) {
  const store = await createEmbeddedStore({ dir: join(dataDir, 'logging', 'store') });
  try {
    const logs = await store
      .collection<{ _id: string; type: string; [key: string]: unknown }>('logs')
      .find({ type: LOG_TYPE });
    return { logIds: logs.map((l) => l._id) };
  } finally {
    await store.close();
  }
}

describe('distributed topology on Redis', () => {
  it('logging service, SIGKILLed while client logs are in flight and restarted, stores every event exactly once', async () => {
    const t = topology as Topology;

    const { storedAtKill, storedAfter, acked, errors } = await crashLoggingMidStream(t, 60_000);
    const { logIds } = await readStoredLogs(t.dataDir('logging'));

    expect(errors).toEqual([]);
    expect(storedAtKill, 'killed mid-stream').toBeGreaterThanOrEqual(KILL_AFTER_STORED);
    expect(storedAtKill, 'killed mid-stream').toBeLessThan(EVENTS);
    expect(storedAfter).toBe(EVENTS);
    expect(new Set(acked).size).toBe(EVENTS);
    expect(logIds.length).toBe(EVENTS);
    // Client lines are written in batches straight from the bus (services/logging/src/ingest/client-lines.ts), each entry's id the
    // event's id: a redelivered line finds its entry there, so one entry per event is what "handled once" means here.
    expect(new Set(logIds)).toEqual(new Set(acked));
  }, 150_000);
});
