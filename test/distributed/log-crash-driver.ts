import WebSocket from 'ws';
import { eventually } from '@talkwith/platform/testing/eventually';
import { adminToken, type Topology } from './topology.ts';

// The log crash scenario, on whatever topology it is given (Redis and the
// embedded stores in crash.test.ts, the full engines in engines-crash.test.ts):
// twelve sockets send client log lines through the gateway, logging is
// SIGKILLed once it has stored some, the rest is sent meanwhile, logging
// starts again and must end with every line stored exactly once.

export const EVENTS = 900;
export const LOG_TYPE = 'other';
const SEND_EVERY_MS = 4;
export const KILL_AFTER_STORED = 50;

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

export interface LogCrashOutcome {
  storedAtKill: number;
  storedAfter: number;
  /** Event ids the gateway acknowledged. */
  acked: string[];
  /** Error frames the sockets got. */
  errors: string[];
}

/**
 * Runs the scenario; `storedTimeoutMs` bounds the wait for the restarted
 * logging to catch up (a Kafka group hands a dead member's partitions on after
 * its session time-out, Redis Streams after its lease). Logging is left stopped.
 */
export async function crashLoggingMidStream(t: Topology, storedTimeoutMs: number): Promise<LogCrashOutcome> {
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
    storedTimeoutMs,
  );
  await new Promise((r) => setTimeout(r, 1000)); // redeliveries, if any, would land now
  const storedAfter = await storedCount(t);
  console.info(
    `crash test: ${storedAtKill}/${EVENTS} stored when SIGKILLed; all ${storedAfter} stored ${Date.now() - restartedAt} ms after the restart began`,
  );
  await t.killService('logging', 'SIGTERM');
  return { storedAtKill, storedAfter, acked: client.acked, errors: client.errors };
}
