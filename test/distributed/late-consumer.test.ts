import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userToken } from './billing-driver.ts';
import { adminToken, startTopology, type ServiceName, type Topology } from './topology.ts';

// A service that starts after a sign-up and a purchase, on a Redis that lost
// their history, still gets its projections: the owners announce their facts
// again when it asks (facts.requested). Identity creates an account, catalog
// prices the seeded ミライ, billing records her purchase for the account;
// then Redis restarts without persistence and dialogue and logging start for
// the first time. Dialogue must let the buyer talk with ミライ without a
// ticket (its entitlements, from billing's purchase.announced; ミライ herself
// from catalog's re-announce), logging must name the account (its users, from
// identity's user.announced). On a bus that is their only source, neither
// projection exists without the announcements.

const CONVERGE_MS = 30_000;
const MIRAI = 'demo-mirai';

let topology: Topology;
let userId: string;
let purchaseId: string;
const email = `late-${randomUUID()}@example.com`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `probe` until it says yes or the deadline passes; the last answer. */
async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = CONVERGE_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!done(last) && Date.now() < deadline) {
    await sleep(250);
    last = await probe();
  }
  return last;
}

/** Whether any of the bus's streams holds an entry mentioning `text` (as projection-rebuild.test.ts). */
async function busMentions(redisUrl: string, text: string): Promise<boolean> {
  const cli = async (...args: string[]) =>
    (await promisify(execFile)('redis-cli', ['-u', redisUrl, ...args], { maxBuffer: 64 << 20 })).stdout;
  const keys = (await cli('--scan', '--pattern', 'tw:events:*')).split('\n').filter(Boolean);
  for (const key of keys) if ((await cli('XRANGE', key, '-', '+')).includes(text)) return true;
  return false;
}

/** An admin call straight to a service: status and body. */
async function asAdmin(
  service: ServiceName,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${topology.serviceUrl(service)}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken(topology.jwtSecret)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

beforeAll(async () => {
  topology = await startTopology({ initial: ['identity', 'catalog', 'billing'] });
  const created = await asAdmin('identity', 'POST', '/api/admin/users', {
    email,
    password: 'abcd1234',
    gender: 'other',
    date_of_birth: '1990-01-01',
  });
  expect(created.status).toBe(201);
  userId = (created.body as { user: { id: string } }).user.id;
  expect((await asAdmin('catalog', 'PUT', `/api/admin/characters/${MIRAI}`, { price: 500 })).status).toBe(200);
  expect((await asAdmin('catalog', 'POST', `/api/admin/characters/${MIRAI}/publish`, { force: true })).status).toBe(
    200,
  );
  // Billing learns the account (identity) and the priced product (catalog) from the bus: retried until both are known.
  const key = randomUUID();
  const bought = await eventually(
    () =>
      asAdmin(
        'billing',
        'POST',
        '/api/admin/payment/user_purchase_history/insert',
        { user_id: userId, product_id: `character:${MIRAI}`, amount: 500, note: 'late consumer' },
        { 'idempotency-key': key },
      ),
    (r) => r.status === 201,
  );
  expect(bought.status).toBe(201);
  purchaseId = (bought.body as { purchase: { purchase_id: string } }).purchase.purchase_id;
  // The purchase's and the account's events reached the bus before the restart loses them (else a late relay would deliver them and prove nothing).
  expect(
    await eventually(
      async () => (await busMentions(topology.redis.url, purchaseId)) && busMentions(topology.redis.url, email),
      (found) => found,
    ),
  ).toBe(true);
  await topology.restartRedis();
  await Promise.all([topology.startService('dialogue'), topology.startService('logging')]);
}, 240_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

describe('consumers started after a sign-up and a purchase, on a Redis that lost their history', () => {
  it('dialogue, started after ミライ was bought, lets the buyer talk with her without a ticket', async () => {
    const start = async () =>
      (
        await fetch(`${topology.serviceUrl('dialogue')}/api/dialogue/talks`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${userToken(topology.jwtSecret, userId)}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ character_id: MIRAI, btn: 'btn-talk' }),
        })
      ).status;

    const status = await eventually(start, (s) => s === 200);

    expect(status).toBe(200);
  }, 60_000);

  it('logging, started after the sign-up, names the account by its address', async () => {
    const names = async () =>
      (
        (await asAdmin('logging', 'GET', `/api/admin/logs/users?ids=${userId}`)).body as {
          users?: Array<{ email: string }>;
        }
      ).users?.map((u) => u.email) ?? [];

    const found = await eventually(names, (n) => n.includes(email));

    expect(found).toContain(email);
  }, 60_000);
});
