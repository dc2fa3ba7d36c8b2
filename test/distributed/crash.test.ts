import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { eventually } from '@talkwith/platform/testing/eventually';
import { adminToken, startTopology, type Topology } from './topology.ts';

// Item 7 of the platform issue: the distributed topology on Redis, one service
// SIGKILLed while events for it are in flight, restarted, and every event
// handled exactly once in effect. The Redis Streams bus hands a dead member's
// shards to the new one after its lease (10 s), so the test waits that long.

const EVENTS = 900;
const LOG_TYPE = 'other';
const SEND_EVERY_MS = 4;
const KILL_AFTER_STORED = 50;

let topology: Topology | undefined;

beforeAll(async () => {
  topology = await startTopology();
}, 200_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

async function storedCount(t: Topology): Promise<number> {
  const response = await fetch(`${t.serviceUrl('logging')}/api/admin/logs/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken(t.jwtSecret)}` },
    body: JSON.stringify({ types: [LOG_TYPE], limit: 1 }),
    signal: AbortSignal.timeout(2000),
  });
  if (!response.ok) throw new Error(`logs/filter answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { total: number }).total;
}

/** Polls a check that may fail while a process restarts (a refused connection counts as "not yet"). */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  await eventually(() => check().catch(() => false), timeoutMs, what);
}

/**
 * Twelve signed-in users, one socket each, send `log` frames in turn at a
 * steady pace (spreading the events over every bus shard); collects the
 * acknowledged event ids.
 */
async function openLogClient(gatewayUrl: string, jwtSecret: string) {
  const acked: string[] = [];
  const errors: string[] = [];
  const sockets = await Promise.all(
    Array.from({ length: 12 }, async (_, k) => {
      const socket = new WebSocket(`${gatewayUrl.replace('http', 'ws')}/api/socketio/new`, {
        headers: { origin: gatewayUrl },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const authed = new Promise<void>((resolve) => socket.once('message', () => resolve()));
      socket.send(JSON.stringify({ event: 'auth', data: { token: adminToken(jwtSecret, `user-${k}`) } }));
      await authed;
      socket.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { event: string; data: { id?: string; message?: string } };
        if (frame.event === 'logged' && frame.data.id) acked.push(frame.data.id);
        if (frame.event === 'error') errors.push(frame.data.message ?? 'error');
      });
      return socket;
    }),
  );
  async function send(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      sockets[i % 12]?.send(JSON.stringify({ event: 'log', data: { type: LOG_TYPE, message: String(i) } }));
      await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
    }
  }
  return {
    socket: {
      close: () => {
        for (const s of sockets) s.close();
      },
    },
    acked,
    errors,
    send,
  };
}

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
    const client = await openLogClient(t.gatewayUrl, t.jwtSecret);

    const sending = client.send(EVENTS);
    // Kill once handling is well under way: some events stored, a batch read but unacknowledged, most still to come.
    await waitUntil(
      'the logging service to store its first events',
      async () => (await storedCount(t)) >= KILL_AFTER_STORED,
      20_000,
    );
    const storedAtKill = await storedCount(t);
    await t.killService('logging', 'SIGKILL');
    await sending;
    await waitUntil('the gateway to acknowledge every log frame', async () => client.acked.length === EVENTS, 10_000);
    client.socket.close();
    const restartedAt = Date.now();
    await t.startService('logging');
    await waitUntil(
      'the restarted logging service to store every event',
      async () => (await storedCount(t)) >= EVENTS,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1000)); // redeliveries, if any, would land now
    const storedAfter = await storedCount(t);
    console.info(
      `crash test: ${storedAtKill}/${EVENTS} stored when SIGKILLed; all ${storedAfter} stored ${Date.now() - restartedAt} ms after the restart began`,
    );
    await t.killService('logging', 'SIGTERM');
    const { logIds } = await readStoredLogs(t.dataDir('logging'));

    expect(client.errors).toEqual([]);
    expect(storedAtKill, 'killed mid-stream').toBeGreaterThanOrEqual(KILL_AFTER_STORED);
    expect(storedAtKill, 'killed mid-stream').toBeLessThan(EVENTS);
    expect(storedAfter).toBe(EVENTS);
    expect(new Set(client.acked).size).toBe(EVENTS);
    expect(logIds.length).toBe(EVENTS);
    // Client lines are written in batches straight from the bus (services/logging/src/ingest/client-lines.ts), each entry's id the
    // event's id: a redelivered line finds its entry there, so one entry per event is what "handled once" means here.
    expect(new Set(logIds)).toEqual(new Set(client.acked));
  }, 150_000);
});
