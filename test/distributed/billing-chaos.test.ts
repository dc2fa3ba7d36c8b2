import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@talkwith/platform/store';
import {
  BillingClient,
  findingsOf,
  PACK,
  planIntents,
  pool,
  sleep,
  UNSETTLED,
  type Intent,
  type RunRecord,
  type StoredState,
} from './billing-driver.ts';
import { PlanDriver, planFindingsOf, type PlanLife, type PlanState } from './subscription-driver.ts';
import { adminToken, startTopology, type Topology } from './topology.ts';

// Issue 12 § Reliability: purchases through the gateway's HTTP API while the
// billing process is SIGKILLed every 3–8 s (counted from when the restarted
// one is ready again) and restarted at once (distributed mode on Redis), with duplicated Idempotency-Keys, client aborts, and the
// sandbox's time-out, pending and declined cards. After reconciliation:
// no double charge at the sandbox, one grant per captured purchase, every
// purchase settled. Beside them, plans of real accounts renew under the same
// kills while their cards move (to a saved card, or a new one checked
// without charge) and two in three accounts are deleted at random around
// their renewal: no charge is kept after a deletion was acknowledged, the
// deleted accounts' plans end and their cards are deleted at the sandbox,
// the others renew once, on the card they were moved to.

const PURCHASES = 2000;
const USERS = 100;
const CONCURRENCY = 64;
const RECONCILE_EVERY_MS = 1000;
const SANDBOX_PENDING_MS = 300;
// A `created` purchase unknown to the sandbox is failed only after purchases' CREATED_GRACE_MS (60 s).
const SETTLE_WITHIN_MS = 90_000;
const PLANS = 30;
/** The renewal sweep and the erasure job run this often; a killed holder's charge lease is 2 × PAYMENT_TIMEOUT_MS + 1 s. */
const RENEW_SWEEP_MS = 1000;
const PLAN_SETTLE_MS = 15_000;

/** kill -9 of billing every 3–8 s, restarted at once, until `stop()`; resolves with how long each restart took (ms). */
function killBillingRepeatedly(t: Topology): { stop: () => Promise<number[]> } {
  let running = true;
  const restarts: number[] = [];
  const loop = (async () => {
    while (running) {
      await sleep(randomInt(3000, 8001));
      if (!running) break;
      const killedAt = Date.now();
      await t.killService('billing', 'SIGKILL');
      await t.startService('billing');
      restarts.push(Date.now() - killedAt);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return restarts;
    },
  };
}

async function unsettledCount(t: Topology): Promise<number> {
  let left = 0;
  for (const status of UNSETTLED) {
    const response = await fetch(`${t.serviceUrl('billing')}/api/admin/payment/history?status=${status}`, {
      headers: { authorization: `Bearer ${adminToken(t.jwtSecret)}` },
      signal: AbortSignal.timeout(5000),
    }).catch(() => null);
    left += response?.ok ? ((await response.json()) as { total: number }).total : Infinity;
  }
  return left;
}

/**
 * Purchases not settled yet, as billing's admin history says (a read: it
 * settles nothing), polled until none or the bound: how many there were when
 * the purchases ended, how many are left, and how long reconciliation took.
 */
async function waitUntilSettled(t: Topology): Promise<{ atEnd: number; left: number; ms: number }> {
  const started = Date.now();
  const atEnd = await unsettledCount(t);
  let left = atEnd;
  while (left > 0 && Date.now() - started < SETTLE_WITHIN_MS) {
    await sleep(250);
    left = await unsettledCount(t);
  }
  return { atEnd, left, ms: Date.now() - started };
}

/** The billing store read after billing stopped (the embedded store is one process's at a time): the purchases' part and the plans' part. */
async function readBillingStore(dataDir: string): Promise<{ stored: StoredState; plans: PlanState }> {
  const store = await createEmbeddedStore({ dir: join(dataDir, 'billing', 'store') });
  const all = async <T>(name: string, filter: Record<string, unknown> = {}) =>
    (await store.collection(name).find(filter)) as unknown as T[];
  try {
    // Plans' charges (sub-…) and card checks (cc-…) are not purchases of the purchase findings.
    const ofPurchases = { $nor: [{ _id: { $regex: '^(sub|cc)-' } }] };
    return {
      stored: {
        purchases: await all('purchases', { source: { $ne: 'subscription' } }),
        orders: await all('sandbox_orders', ofPurchases),
        charges: await all('sandbox_charges', { $nor: [{ order_id: { $regex: '^(sub|cc)-' } }] }),
        lots: await all('ledger_lots', { asset: 'tickets', source: 'purchase' }),
      },
      plans: {
        subscriptions: await all('subscriptions'),
        orders: await all('sandbox_orders', { _id: { $regex: '^sub-' } }),
        charges: await all('sandbox_charges', { order_id: { $regex: '^sub-' } }),
        cardAccounts: await all('card_accounts'),
        cards: await all('sandbox_cards'),
        erasures: await all('billing_account_erasures'),
      },
    };
  } finally {
    await store.close();
  }
}

/** Plans of new accounts, a third keeping their card, a third moving to a saved card, a third to a new one; two in three deleted around their renewal. */
async function startPlans(driver: PlanDriver): Promise<PlanLife[]> {
  const lives: PlanLife[] = [];
  await pool(
    Array.from({ length: PLANS }, (_, i) => i),
    6,
    async (i) => {
      const periodMs = randomInt(10_000, 30_000);
      const deleteAfterMs = i % 3 === 2 ? null : randomInt(2000, periodMs + 8000);
      lives.push(
        await driver.start(
          periodMs,
          (['none', 'saved', 'new'] as const)[i % 3] as PlanLife['cardChange'],
          deleteAfterMs,
        ),
      );
    },
  );
  return lives;
}

/** Tickets each user holds, through the gateway, before billing is stopped. */
async function walletTickets(client: BillingClient, users: string[]): Promise<Map<string, number>> {
  const tickets = new Map<string, number>();
  await pool(users, 10, async (user) => {
    const reply = await client.untilAnswered(user, 'GET', '/api/billing/wallet');
    tickets.set(user, Number(reply.body.talk_tickets));
  });
  return tickets;
}

interface ChaosRun extends RunRecord {
  client: BillingClient;
  lives: PlanLife[];
  plans: PlanState;
  /** How long billing was down at each kill -9 (kill to /readyz), ms. */
  restarts: number[];
  purchasingMs: number;
  reconciliation: { atEnd: number; left: number; ms: number };
}

/** The purchases under kill -9, then reconciliation, the wallets, and the store once billing stopped. */
async function chaosRun(t: Topology): Promise<ChaosRun> {
  const client = new BillingClient(t.gatewayUrl, t.jwtSecret);
  const intents = planIntents(PURCHASES, USERS);
  const driver = new PlanDriver(client, t.serviceUrl('identity'), t.serviceUrl('billing'), t.jwtSecret);
  const lives = await startPlans(driver);
  const started = Date.now();
  const killer = killBillingRepeatedly(t);
  const living = Promise.all(lives.map((life) => driver.live(life)));
  const purchasing = pool(intents, CONCURRENCY, (intent) => client.purchase(intent));
  // The killer stops even when a purchase throws (then the error is reported, not a kill loop left running).
  await Promise.all([purchasing, living]).catch(() => {});
  const restarts = await killer.stop();
  await purchasing;
  await living;
  const purchasingMs = Date.now() - started;
  const reconciliation = await waitUntilSettled(t);
  const wallets = await walletTickets(client, [...new Set(intents.map((i) => i.user))]);
  // Every plan's period has ended, every deletion was acknowledged (a late one may meet a billing just restarted) and a
  // killed holder's lease has run out: the consumers, the sweeps and the erasure job had time.
  const lastMoment = Math.max(...lives.map((l) => Math.max(l.periodEnd, l.deletedAckAt ?? 0)));
  await sleep(Math.max(0, lastMoment + PLAN_SETTLE_MS - Date.now()));
  await t.killService('billing', 'SIGTERM');
  const { stored, plans } = await readBillingStore(t.dataDir('billing'));
  return { intents, client, lives, plans, restarts, purchasingMs, reconciliation, wallets, stored };
}

describe('billing under kill -9 (distributed, Redis)', () => {
  let topology: Topology | undefined;

  beforeAll(async () => {
    topology = await startTopology({
      env: {
        billing: {
          PAYMENT_PROVIDER: 'sandbox',
          SANDBOX_PENDING_MS: String(SANDBOX_PENDING_MS),
          RECONCILE_EVERY_MS: String(RECONCILE_EVERY_MS),
          PAYMENT_TIMEOUT_MS: '2000',
          RENEW_SWEEP_MS: String(RENEW_SWEEP_MS),
        },
        // Every client is 127.0.0.1: the per-address limit would refuse the run, not the billing service.
        gateway: { API_RATE_LIMIT_PER_MINUTE: '10000000' },
      },
    });
  }, 200_000);

  afterAll(async () => {
    await topology?.close();
  }, 30_000);

  it('purchases with duplicated keys, aborts, time-outs and pending cards while billing is SIGKILLed: no double charge, one grant each, all settled', async () => {
    const run = await chaosRun(topology as Topology);
    const found = findingsOf(run);
    const { stats } = run.client;
    console.info(
      `billing chaos: ${PURCHASES} purchases by ${USERS} users in ${(run.purchasingMs / 1000).toFixed(1)} s, ${run.restarts.length} kills -9 of billing ` +
        `(down ${(run.restarts.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s in all, longest ${(Math.max(0, ...run.restarts) / 1000).toFixed(1)} s), ` +
        `${stats.requests} requests (${stats.retries} retries, ${stats.duplicates} duplicates, ${stats.aborts} aborts), ${run.stored.charges.length} charges, ` +
        `${found.neverSent} purchases never reached the sandbox, ${found.leftToReconciliation} last answered 202, ${run.reconciliation.atEnd} unsettled when purchasing ended → ${run.reconciliation.left} ` +
        `after ${(run.reconciliation.ms / 1000).toFixed(1)} s of reconciliation, double charges ${found.doubleCharges.length}`,
    );

    expect(stats.unexpected, 'answers other than settled, declined or 202').toEqual([]);
    expect(run.restarts.length, 'billing was killed during the run').toBeGreaterThan(0);
    expect(found.doubleCharges, '0 double charges at the sandbox').toEqual([]);
    expect(found.missingPurchases, 'a purchase for every intended one').toEqual([]);
    expect(run.stored.purchases.length).toBe(PURCHASES);
    expect(found.answersNamingAnother, 'every answer to a key names its one purchase').toEqual([]);
    expect(
      found.leftToReconciliation,
      'purchases whose last answer was 202 (settled only by the reconciliation job)',
    ).toBeGreaterThan(0);
    expect(run.reconciliation.left, 'left unsettled by reconciliation (admin history)').toBe(0);
    expect(found.unsettled, 'left unsettled in the store').toEqual([]);
    expect(found.notAsCardDecides).toEqual([]);
    expect(found.toldOtherwise, 'what a client was told stayed true').toEqual([]);
    expect(found.chargedWrongly, 'charged once exactly when captured').toEqual([]);
    expect(found.grantedWrongly, 'one ticket lot exactly when captured').toEqual([]);
    expect(found.wrongAmounts).toEqual([]);
    expect(found.userTotals, 'tickets per user = captured purchases × pack size (lots and wallet)').toEqual([]);

    const plans = planFindingsOf(run.lives, run.plans);
    console.info(
      `billing chaos, plans: ${PLANS} plans, ${plans.deleted} accounts deleted, ${plans.kept} kept, ${run.lives.filter((l) => l.cardChangedAt).length} card changes`,
    );
    expect(plans.deleted, 'accounts deleted during the run').toBeGreaterThan(0);
    expect(plans.chargeKeptAfterDeletion, 'no charge kept after a deletion was acknowledged').toEqual([]);
    expect(plans.planAliveAfterDeletion, "a deleted account's plan ended (account_deleted)").toEqual([]);
    expect(plans.cardsLeftAfterDeletion, "a deleted account's cards deleted at the sandbox").toEqual([]);
    expect(plans.erasuresOpen, 'every deletion finished at the provider').toEqual([]);
    expect(plans.notRenewed, 'every kept plan renewed').toEqual([]);
    expect(plans.chargedWrongCard, 'a plan moved to another card renews on it').toEqual([]);
    expect(plans.doubleCharges, 'no plan period charged twice').toEqual([]);
  }, 600_000);
});

/** Two customers, three purchases as a correct billing leaves them: one captured, one declined, one pending card captured. */
function cleanRun(): RunRecord {
  const intent = (user: string, key: string, scenario: Intent['scenario'], answer: Intent['answer']): Intent => ({
    user,
    key,
    scenario,
    delivery: 'once',
    purchaseIds: new Set([key]),
    answer,
  });
  const purchase = (user: string, key: string, status: string) => ({
    _id: key,
    user_id: user,
    idempotency_key: key,
    order_id: `o-${key}`,
    status,
    product_id: PACK.product_id,
  });
  return {
    intents: [
      intent('u1', 'k1', 'success', 'captured'),
      intent('u1', 'k2', 'declined', 'failed'),
      intent('u2', 'k3', 'pending', 'pending'),
    ],
    wallets: new Map([
      ['u1', 1],
      ['u2', 1],
    ]),
    stored: {
      purchases: [purchase('u1', 'k1', 'captured'), purchase('u1', 'k2', 'failed'), purchase('u2', 'k3', 'captured')],
      orders: [
        { _id: 'o-k1', status: 'success', captured: 150 },
        { _id: 'o-k2', status: 'failure', captured: 0 },
        { _id: 'o-k3', status: 'success', captured: 150 },
      ],
      charges: [
        { order_id: 'o-k1', amount: PACK.amount },
        { order_id: 'o-k3', amount: PACK.amount },
      ],
      lots: [
        { user_id: 'u1', asset: 'tickets', granted: 1, source: 'purchase', ref: 'k1' },
        { user_id: 'u2', asset: 'tickets', granted: 1, source: 'purchase', ref: 'k3' },
      ],
    },
  };
}

const problems = (run: RunRecord) =>
  Object.entries(findingsOf(run))
    .filter(([, v]) => Array.isArray(v) && v.length > 0)
    .map(([name]) => name);

// The chaos test is only as good as its checks: each broken promise it looks for, planted in a clean run, is reported.
describe('billing chaos findings', () => {
  it('findings, a run as a correct billing leaves it, report nothing', () => {
    expect(problems(cleanRun())).toEqual([]);
    expect(findingsOf(cleanRun()).leftToReconciliation).toBe(1);
  });

  it('findings, an order charged twice or a charge outside any purchase, report double charges', () => {
    const twice = cleanRun();
    twice.stored.charges.push({ order_id: 'o-k1', amount: PACK.amount });
    const outside = cleanRun();
    outside.stored.charges.push({ order_id: 'o-stray', amount: PACK.amount });
    expect(findingsOf(twice).doubleCharges).toEqual(['order o-k1 charged 2 times']);
    expect(findingsOf(outside).doubleCharges).toEqual(['charge of order o-stray that no purchase has']);
  });

  it('findings, a captured purchase without its lot or a declined one with a lot, report wrong grants and user totals', () => {
    const lost = cleanRun();
    lost.stored.lots.pop();
    const declinedGranted = cleanRun();
    declinedGranted.stored.lots.push({ user_id: 'u1', asset: 'tickets', granted: 1, source: 'purchase', ref: 'k2' });
    expect(problems(lost)).toEqual(['grantedWrongly', 'userTotals']);
    expect(problems(declinedGranted)).toEqual(['grantedWrongly', 'userTotals']);
  });

  it('findings, a purchase left pending or a success card failed after reaching the sandbox, report it', () => {
    const left = cleanRun();
    (left.stored.purchases[2] as { status: string }).status = 'pending';
    const failed = cleanRun();
    (failed.stored.purchases[0] as { status: string }).status = 'failed';
    expect(problems(left)).toContain('unsettled');
    expect(problems(failed)).toEqual(
      expect.arrayContaining(['notAsCardDecides', 'toldOtherwise', 'chargedWrongly', 'grantedWrongly']),
    );
  });

  it('findings, two purchases for one key or an answer naming another purchase, report them', () => {
    const twin = cleanRun();
    twin.stored.purchases.push({ ...twin.stored.purchases[0]!, _id: 'k1-bis', order_id: 'o-k1-bis' });
    const another = cleanRun();
    another.intents[0]!.purchaseIds.add('someone-else');
    expect(findingsOf(twin).doubleCharges).toHaveLength(1);
    expect(problems(another)).toEqual(['answersNamingAnother']);
  });
});
