import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { BillingClient, PACK, planIntents, pool, sleep, type Intent } from './billing-driver.ts';
import { adminToken, startTopology, type Topology } from './topology.ts';

// Issue 12 § Reliability: purchases through the gateway's HTTP API while the
// billing process is SIGKILLed every 3–8 s and restarted at once (distributed
// mode on Redis), with duplicated Idempotency-Keys, client aborts, and the
// sandbox's time-out, pending and declined cards. After reconciliation:
// no double charge at the sandbox, one grant per captured purchase, every
// purchase settled. BILLING_CHAOS_PURCHASES runs it smaller (default 2,000).

const PURCHASES = Number(process.env.BILLING_CHAOS_PURCHASES ?? 2000);
const USERS = 100;
const CONCURRENCY = 40;
const RECONCILE_EVERY_MS = 1000;
const SANDBOX_PENDING_MS = 300;
const SETTLE_WITHIN_MS = 30_000;
const UNSETTLED = ['created', 'challenge', 'pending', 'unknown'];

let topology: Topology | undefined;

beforeAll(async () => {
  topology = await startTopology({
    env: {
      billing: { PAYMENT_PROVIDER: 'sandbox', SANDBOX_PENDING_MS: String(SANDBOX_PENDING_MS), RECONCILE_EVERY_MS: String(RECONCILE_EVERY_MS), PAYMENT_TIMEOUT_MS: '2000' },
      // Every client is 127.0.0.1: the per-address limit would refuse the run, not the billing service.
      gateway: { API_RATE_LIMIT_PER_MINUTE: '10000000' },
    },
  });
}, 200_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

/** kill -9 of billing every 3–8 s, restarted at once, until `stop()`; resolves with the number of kills. */
function killBillingRepeatedly(t: Topology): { stop: () => Promise<number> } {
  let running = true;
  let kills = 0;
  const loop = (async () => {
    while (running) {
      await sleep(randomInt(3000, 8001));
      if (!running) break;
      await t.killService('billing', 'SIGKILL');
      kills++;
      await t.startService('billing');
    }
  })();
  return { stop: async () => { running = false; await loop; return kills; } };
}

/** Purchases not settled yet, as the admin history says (billing's own route, polled until none or the bound). */
async function waitUntilSettled(t: Topology): Promise<number> {
  const deadline = Date.now() + SETTLE_WITHIN_MS;
  let left = Infinity;
  while (Date.now() < deadline) {
    left = 0;
    for (const status of UNSETTLED) {
      const response = await fetch(`${t.serviceUrl('billing')}/api/admin/payment/history?status=${status}`, {
        headers: { authorization: `Bearer ${adminToken(t.jwtSecret)}` }, signal: AbortSignal.timeout(5000),
      }).catch(() => null);
      left += response?.ok ? ((await response.json()) as { total: number }).total : Infinity;
    }
    if (left === 0) return 0;
    await sleep(250);
  }
  return left;
}

interface StoredState {
  purchases: Array<{ _id: string; user_id: string; idempotency_key: string; order_id: string; status: string; product_id: string }>;
  orders: Array<{ _id: string; status: string; captured: number }>;
  charges: Array<{ order_id: string; amount: number }>;
  lots: Array<{ user_id: string; asset: string; granted: number; source?: string; ref?: string }>;
}

/** The billing store read after billing stopped (the embedded store is one process's at a time). */
async function readBillingStore(dataDir: string): Promise<StoredState> {
  const store = await createEmbeddedStore({ dir: join(dataDir, 'billing', 'store') });
  try {
    return {
      purchases: (await store.collection('purchases').find({})) as unknown as StoredState['purchases'],
      orders: (await store.collection('sandbox_orders').find({})) as unknown as StoredState['orders'],
      charges: (await store.collection('sandbox_charges').find({})) as unknown as StoredState['charges'],
      lots: (await store.collection('ledger_lots').find({ asset: 'tickets' })) as unknown as StoredState['lots'],
    };
  } finally {
    await store.close();
  }
}

function countBy<T>(items: T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

const above = (counts: Map<string, number>, limit: number) => [...counts].filter(([, n]) => n > limit);

/** Tickets each user holds, through the gateway, before billing is stopped. */
async function walletTickets(client: BillingClient, users: string[]): Promise<Map<string, number>> {
  const tickets = new Map<string, number>();
  await pool(users, 10, async (user) => {
    const reply = await client.untilAnswered(user, 'GET', '/api/billing/wallet');
    tickets.set(user, Number(reply.body.talk_tickets));
  });
  return tickets;
}

describe('billing under kill -9 (distributed, Redis)', () => {
  it('purchases with duplicated keys, aborts, time-outs and pending cards while billing is SIGKILLed: no double charge, one grant each, all settled', async () => {
    const t = topology as Topology;
    const client = new BillingClient(t.gatewayUrl, t.jwtSecret);
    const intents = planIntents(PURCHASES, USERS);
    const started = Date.now();

    const killer = killBillingRepeatedly(t);
    await pool(intents, CONCURRENCY, (intent) => client.purchase(intent));
    const kills = await killer.stop();
    const purchasingMs = Date.now() - started;
    const unsettled = await waitUntilSettled(t);
    const users = [...new Set(intents.map((i) => i.user))];
    const tickets = await walletTickets(client, users);
    await t.killService('billing', 'SIGTERM');
    const stored = await readBillingStore(t.dataDir('billing'));

    const byKey = new Map(stored.purchases.map((p) => [`${p.user_id}\u0000${p.idempotency_key}`, p]));
    const purchaseOf = (intent: Intent) => byKey.get(`${intent.user}\u0000${intent.key}`);
    const chargesPerOrder = countBy(stored.charges, (c) => c.order_id);
    const lotsPerRef = countBy(stored.lots.filter((l) => l.source === 'purchase'), (l) => l.ref ?? '');
    const lotsOf = (p: StoredState['purchases'][number]) => (lotsPerRef.get(p._id) ?? 0) + (lotsPerRef.get(p.order_id) ?? 0);
    const knownOrders = new Set(stored.purchases.map((p) => p.order_id));
    const doubleCharges = above(chargesPerOrder, 1).length
      + stored.charges.filter((c) => !knownOrders.has(c.order_id)).length
      + above(countBy(stored.purchases, (p) => `${p.user_id}\u0000${p.idempotency_key}`), 1).length;
    console.info(`billing chaos: ${PURCHASES} purchases by ${USERS} users in ${(purchasingMs / 1000).toFixed(1)} s, ${kills} kills -9 of billing, `
      + `${client.stats.requests} requests (${client.stats.retries} retries, ${client.stats.duplicates} duplicates, ${client.stats.aborts} aborts), `
      + `${stored.charges.length} charges, double charges ${doubleCharges}, unsettled after reconciliation ${unsettled}`);

    expect(client.stats.unexpected, 'answers other than settled, declined or 202').toEqual([]);
    expect(kills, 'billing was killed during the run').toBeGreaterThan(0);
    // One purchase per intended purchase, named the same by every answer.
    expect(stored.purchases.length).toBe(PURCHASES);
    expect(intents.filter((i) => purchaseOf(i) === undefined).map((i) => i.key)).toEqual([]);
    expect(intents.filter((i) => i.purchaseIds.size > 1 || (i.purchaseIds.size === 1 && !i.purchaseIds.has(purchaseOf(i)?._id ?? ''))).map((i) => i.key)).toEqual([]);
    // 0 double charges at the sandbox: per orderId, per (user, key), and no charge outside a purchase's order.
    expect(doubleCharges).toBe(0);
    // Every purchase settled, as its card decides.
    expect(unsettled, 'purchases left created/challenge/pending/unknown by reconciliation').toBe(0);
    expect(stored.purchases.filter((p) => UNSETTLED.includes(p.status)).map((p) => `${p._id}:${p.status}`)).toEqual([]);
    const wrong = intents.filter((i) => purchaseOf(i)?.status !== (i.scenario === 'declined' ? 'failed' : 'captured'));
    expect(wrong.map((i) => `${i.scenario}→${purchaseOf(i)?.status}`)).toEqual([]);
    // Charged exactly when captured, granted exactly once when captured, never when declined.
    for (const p of stored.purchases) {
      const captured = p.status === 'captured';
      expect(chargesPerOrder.get(p.order_id) ?? 0, `charges of ${p.order_id} (${p.status})`).toBe(captured ? 1 : 0);
      expect(lotsOf(p), `ticket lots of ${p._id} (${p.status})`).toBe(captured ? 1 : 0);
    }
    expect(stored.charges.every((c) => c.amount === PACK.amount)).toBe(true);
    // Tickets per user = that user's captured purchases × pack size, in the lots and in the wallet.
    for (const user of users) {
      const capturedOfUser = stored.purchases.filter((p) => p.user_id === user && p.status === 'captured').length;
      const lotTickets = stored.lots.filter((l) => l.user_id === user && l.source === 'purchase').reduce((sum, l) => sum + l.granted, 0);
      expect(lotTickets, `ticket lots of ${user}`).toBe(capturedOfUser * PACK.tickets);
      expect(tickets.get(user), `wallet of ${user}`).toBe(capturedOfUser * PACK.tickets);
    }
  }, 400_000);
});
