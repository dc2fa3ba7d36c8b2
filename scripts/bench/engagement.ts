// Engagement: serial redemptions per second end to end, the p95 latency of the
// notifications popup's list, and the time to generate a batch of serials,
// against the standalone gateway (`npm start`: every service in one process,
// embedded store). Baseline, same run, same client: GET
// /api/notifications_available (an authenticated read of the same service).
// Runs alone with `node scripts/bench/engagement.ts`.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latencies, percentile, round1, startStandalone, throughput as load } from './load.ts';
import type { NodeProcess } from './processes.ts';
import { printAlone, type BenchRow } from './table.ts';

const CLIENTS = 16;
const WARM_UP_MS = 2000;
const MEASURE_MS = 8000;
const BATCH = 20_000;
const NOTIFICATIONS = 100;
const LIST_READS = 300;
const SHAPE = { clients: CLIENTS, warmUpMs: WARM_UP_MS, measureMs: MEASURE_MS };
const throughput = (operation: () => Promise<void>): Promise<number> => load(SHAPE, operation);
const SECRET = randomBytes(32).toString('hex');
const ADMIN_PREFIX = `bench${randomBytes(6).toString('hex')}`;

/** An access token as identity signs it (HS256, shared JWT_SECRET). */
function token(sub: string, roles: string[] = []): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, roles, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
}

interface Client {
  call(
    path: string,
    init?: { method?: string; body?: unknown; as?: string; admin?: boolean },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

function clientOf(url: string): Client {
  const admin = token('bench-admin', ['admin']);
  return {
    async call(path, init = {}) {
      const target = init.admin ? path.replace('/api/admin/', `/api/${ADMIN_PREFIX}/`) : path;
      const response = await fetch(`${url}${target}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${init.admin ? admin : token(init.as ?? 'bench-reader')}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {},
      };
    },
  };
}

function expectOk(what: string, reply: { status: number; body: unknown }, status = 200): void {
  if (reply.status !== status)
    throw new Error(`${what} answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
}

/** Generates a batch (timed) and returns its codes, read back through the admin list. */
async function generateBatch(client: Client, count: number): Promise<{ ms: number; couponId: string }> {
  const started = performance.now();
  const reply = await client.call('/api/admin/serials/generate', {
    method: 'POST',
    admin: true,
    body: { name: 'bench', count, character_id: 'demo-mirai', block_id: 'fortune', tickets: 0 },
  });
  expectOk('generate', reply, 201);
  return { ms: performance.now() - started, couponId: (reply.body.coupon as { coupon_id: string }).coupon_id };
}

async function codesOf(client: Client, couponId: string, wanted: number): Promise<string[]> {
  const codes: string[] = [];
  for (let page = 1; codes.length < wanted; page++) {
    const reply = await client.call(
      `/api/admin/serials/list?coupon_id=${encodeURIComponent(couponId)}&status=unused&page=${page}`,
      { admin: true },
    );
    expectOk('serial list', reply);
    const serials = reply.body.serials as Array<{ id: string }>;
    if (serials.length === 0) break;
    codes.push(...serials.map((s) => s.id));
  }
  return codes;
}

/** One fresh user per redemption (a user redeems one serial of a coupon), each a code nobody used. */
async function redemptions(client: Client, codes: string[]): Promise<number> {
  let next = 0;
  return throughput(async () => {
    const code = codes[next++];
    if (!code) throw new Error('the bench ran out of serial codes: generate a larger batch');
    const reply = await client.call('/api/serial/check', {
      method: 'POST',
      as: `bench-redeemer-${randomBytes(6).toString('hex')}`,
      body: { serial_id: code },
    });
    expectOk('serial check', reply);
  });
}

async function notificationList(client: Client): Promise<{ list: number[]; available: number[] }> {
  for (let i = 0; i < NOTIFICATIONS; i++) {
    expectOk(
      'add notification',
      await client.call('/api/admin/notifications/add', {
        method: 'POST',
        admin: true,
        body: { title: `お知らせ ${i}`, body: 'ベンチマーク用のお知らせです。', target: 'all', is_news: i % 2 === 0 },
      }),
      201,
    );
  }
  const reader = `bench-reader-${randomBytes(4).toString('hex')}`;
  const list = await latencies(LIST_READS, async () =>
    expectOk('notifications', await client.call('/api/notifications?page=1', { as: reader })),
  );
  const available = await latencies(LIST_READS, async () =>
    expectOk('available', await client.call('/api/notifications_available', { as: reader })),
  );
  return { list, available };
}

export async function benchEngagement(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-engagement-'));
  let server: NodeProcess | undefined;
  try {
    const started = await startStandalone(dataDir, { JWT_SECRET: SECRET, ADMIN_PATH_PREFIX: ADMIN_PREFIX });
    server = started.server;
    const client = clientOf(started.url);
    const reader = `bench-reader-${randomBytes(4).toString('hex')}`;
    const availablePerSecond = await throughput(async () =>
      expectOk('available', await client.call('/api/notifications_available', { as: reader })),
    );
    const batch = await generateBatch(client, BATCH);
    const perSecond = await redemptions(client, await codesOf(client, batch.couponId, BATCH));
    const { list, available } = await notificationList(client);
    const settings = `${CLIENTS} concurrent clients, ${MEASURE_MS / 1000} s`;
    return [
      {
        name: `engagement: GET /api/notifications_available through the standalone gateway (${settings})`,
        value: Math.round(availablePerSecond),
        unit: 'req/s',
      },
      {
        name: `engagement: serial redemptions/s end to end (POST /api/serial/check, a fresh code and account each; ${settings})`,
        value: round1(perSecond),
        unit: 'redemptions/s',
        baseline: Math.round(availablePerSecond),
      },
      {
        name: `engagement: notifications popup list p95 (GET /api/notifications, ${NOTIFICATIONS} to everyone, ${LIST_READS} reads; p50 ${round1(percentile(list, 50))} ms)`,
        value: round1(percentile(list, 95)),
        unit: 'ms',
        baseline: round1(percentile(available, 95)),
      },
      {
        name: `engagement: generate a batch of ${BATCH.toLocaleString('en-US')} serial codes (one admin call)`,
        value: Math.round(batch.ms),
        unit: 'ms',
      },
    ];
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await printAlone(benchEngagement);
  process.exit();
}
