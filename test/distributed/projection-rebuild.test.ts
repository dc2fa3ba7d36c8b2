import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, startTopology, type Topology } from './topology.ts';

// Projections of another service's facts come back whatever the bus still
// holds. Identity creates an account, then Redis restarts without persistence
// (the account's user.registered is gone from the bus), then billing and
// engagement start for the first time: their new consumer groups find no
// history, so only identity announcing its accounts again on their request
// (facts.requested) can tell them. Billing's account projection
// (billing_accounts) and engagement's receipt addresses (account_addresses)
// are observed through their own APIs. Catalog's projections are covered by
// start-order.test.ts (dialogue) and catalog's re-announce.

const CONVERGE_MS = 20_000;

let topology: Topology;
let userId: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether any of the bus's streams (platform bus/redis-keys.ts: `tw:events:<shard>`) holds an entry mentioning `text` (redis-cli: the root package has no Redis client). */
async function busMentions(redisUrl: string, text: string): Promise<boolean> {
  const cli = async (...args: string[]) =>
    (await promisify(execFile)('redis-cli', ['-u', redisUrl, ...args], { maxBuffer: 64 << 20 })).stdout;
  const keys = (await cli('--scan', '--pattern', 'tw:events:*')).split('\n').filter(Boolean);
  for (const key of keys) if ((await cli('XRANGE', key, '-', '+')).includes(text)) return true;
  return false;
}

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

beforeAll(async () => {
  topology = await startTopology({
    initial: ['identity'],
    env: { engagement: { CONTACT_MAX_PER_WINDOW: '1000', CONTACT_MAX_PER_ADDRESS: '10000' } },
  });
  const created = await fetch(`${topology.serviceUrl('identity')}/api/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken(topology.jwtSecret)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `rebuild-${randomUUID()}@example.com`,
      password: 'abcd1234',
      gender: 'other',
      date_of_birth: '1990-01-01',
    }),
  });
  expect(created.status).toBe(201);
  userId = ((await created.json()) as { user: { id: string } }).user.id;
  // The account's event reached the bus before the restart loses it (else a late relay would deliver it and prove nothing).
  expect(
    await eventually(
      () => busMentions(topology.redis.url, userId),
      (found) => found,
    ),
  ).toBe(true);
  await topology.restartRedis();
  await Promise.all([topology.startService('billing'), topology.startService('engagement')]);
}, 200_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

describe("projections of accounts, services started on a Redis that lost the accounts' history", () => {
  it('billing, started after identity on an emptied Redis, knows the account identity created before', async () => {
    const accountStatus = async () =>
      (
        await fetch(`${topology.serviceUrl('billing')}/api/admin/full/users/${userId}/account`, {
          headers: { authorization: `Bearer ${adminToken(topology.jwtSecret)}` },
        })
      ).status;

    const status = await eventually(accountStatus, (s) => s === 200);

    expect(status).toBe(200);
  }, 40_000);

  it("engagement, started after identity on an emptied Redis, mails the account's contact receipt to its address", async () => {
    const contact = async () => {
      const response = await fetch(`${topology.serviceUrl('engagement')}/api/contacts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${adminToken(topology.jwtSecret, userId)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          channel: 'contact',
          category: 0,
          email: 'typed@example.com',
          message: 'projection rebuild',
        }),
      });
      return (await response.json()) as { receipt_mailed?: boolean };
    };

    const reply = await eventually(contact, (r) => r.receipt_mailed === true);

    expect(reply.receipt_mailed).toBe(true);
  }, 40_000);
});
