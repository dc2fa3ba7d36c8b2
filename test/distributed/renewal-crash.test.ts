import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '@talkwith/platform';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { freePort, startRedisServer, type RunningRedis } from '@talkwith/platform/testing';
import { startNode, waitForHttp, type NodeProcess } from '../../scripts/bench/processes.ts';
import { sandboxChargesByOrder } from '../../services/billing/src/provider/index.ts';
import { SandboxProvider } from '../../services/billing/src/provider/sandbox/adapter.ts';
import { SandboxEngine } from '../../services/billing/src/provider/sandbox/engine.ts';
import {
  openPeriodCharges,
  openSubscriptions,
  orderIdOf,
  type SubscriptionRecord,
} from '../../services/billing/src/subscriptions/records.ts';

// Issue 12 § Reliability: 500 subscriptions renewed while the renewal worker is
// SIGKILLed at random → exactly one charge (counted at the sandbox's own
// records) and one grant per subscription per period.
//
// What runs: the billing service's own process (services/billing/src/server.ts),
// as the distributed topology starts it — its jobs on BullMQ in a real
// redis-server, its bus and cache on Redis, its embedded store in its own
// DATA_DIR — but alone: renewals need no other service and no gateway, so the
// six-service topology is not started. Between kills the process is dead, so
// the test opens that store to see how far the renewals got.

const SUBSCRIPTIONS = 500;
const PLAN_AMOUNT = 1100;
/** A killed holder's charge is taken over after its lease: 2 × PAYMENT_TIMEOUT_MS + 1 s. */
const PAYMENT_TIMEOUT_MS = 1000;
const STARTUP_MS = 30_000;
/** Kills stop after this many or this long (then it runs to the end undisturbed), keeping the test near a minute. */
const MAX_KILLS = 8;
const KILLING_FOR_MS = 45_000;
const FINISH_WITHIN_MS = 90_000;

let redis: RunningRedis;
let dataDir: string;

const storeDir = () => join(dataDir, 'billing', 'store');

async function withStore<R>(work: (store: DocumentStore) => Promise<R>): Promise<R> {
  const store = await createEmbeddedStore({ dir: storeDir() });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** 500 subscribers of PROD001 whose first period (paid, granted elsewhere) ended a minute ago, each with a card kept at the sandbox. */
async function seedDueSubscriptions(store: DocumentStore): Promise<string[]> {
  const engine = new SandboxEngine({ store, publicUrl: 'http://127.0.0.1', pendingMs: 0 });
  const provider = new SandboxProvider(engine);
  await engine.ensureIndexes();
  const now = Date.now();
  const records: SubscriptionRecord[] = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const accountId = `acct${randomBytes(12).toString('hex')}`;
    const { token } = await engine.createToken({
      cardNumber: '4111111111111111',
      expiry: '12/39',
      securityCode: '123',
    });
    const card = await provider.addCard(accountId, token, true);
    const at = new Date(now - 31 * 86_400_000).toISOString();
    records.push({
      _id: randomUUID(),
      user_id: randomUUID(),
      plan_code: 'PROD001',
      status: 'active',
      period: 1,
      failed_attempts: 0,
      account_id: accountId,
      period_start: at,
      period_end: new Date(now - 60_000).toISOString(),
      card: { card_id: card.cardId, masked: card.maskedNumber },
      created_at: at,
      updated_at: at,
    });
  }
  await openSubscriptions(store).insertMany(records);
  return records.map((r) => r._id);
}

/** How many were renewed, and how many charges a killed worker left claimed (in flight at the provider or not yet settled). */
async function progress(): Promise<{ renewed: number; inFlight: number }> {
  return withStore(async (store) => ({
    renewed: await openSubscriptions(store).countDocuments({ period: 2 }),
    inFlight: await openSubscriptions(store).countDocuments({ charge: { $exists: true } }),
  }));
}

async function startBilling(port: number): Promise<NodeProcess> {
  const child = startNode('services/billing/src/server.ts', {
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      NODE_COMPILE_CACHE: join(tmpdir(), 'talkwith-node-compile-cache'),
      BUS_URL: redis.url,
      JOBS_URL: redis.url,
      CACHE_URL: redis.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://127.0.0.1',
      ADMIN_PATH_PREFIX: `adm${randomBytes(8).toString('hex')}`,
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_TIMEOUT_MS: String(PAYMENT_TIMEOUT_MS),
      RENEW_SWEEP_MS: '1000',
    },
  });
  await waitForHttp(`http://127.0.0.1:${port}/readyz`, child, STARTUP_MS);
  return child;
}

beforeAll(async () => {
  redis = await startRedisServer();
  dataDir = await mkdtemp(join(tmpdir(), 'talkwith-renewal-crash-'));
}, 30_000);

afterAll(async () => {
  await redis?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 30_000);

describe('renewals while the worker is killed', () => {
  it('billing.renew, 500 due subscriptions and SIGKILL at random moments, charges and grants each next period exactly once', async () => {
    const ids = await withStore(seedDueSubscriptions);
    const port = await freePort();
    const startedAt = Date.now();
    const deadline = startedAt + FINISH_WITHIN_MS;
    const progressAtKills: number[] = [];
    let leftInFlight = 0;
    let renewed = 0;
    while (renewed < SUBSCRIPTIONS && progressAtKills.length < MAX_KILLS && Date.now() < startedAt + KILLING_FOR_MS) {
      const billing = await startBilling(port);
      await new Promise((r) => setTimeout(r, randomInt(100, 900)));
      await billing.stop('SIGKILL');
      const seen = await progress();
      renewed = seen.renewed;
      leftInFlight += seen.inFlight;
      progressAtKills.push(renewed);
    }
    // Then runs without a kill (stopped gracefully to look): the charges of killed holders are taken over once their lease ends.
    while (renewed < SUBSCRIPTIONS && Date.now() < deadline) {
      const billing = await startBilling(port);
      await new Promise((r) => setTimeout(r, 4000));
      await billing.stop('SIGTERM');
      renewed = (await progress()).renewed;
    }
    console.info(
      `renewal crash test: ${progressAtKills.length} kills, renewed at each kill: ${progressAtKills.join(', ')}; ${leftInFlight} charges left claimed by killed workers`,
    );

    const { charges, periodCharges, lots, wallets, renewedEvents, records } = await withStore(async (store) => ({
      charges: await sandboxChargesByOrder(store),
      periodCharges: await openPeriodCharges(store).find({ period: 2 }),
      lots: await store.collection<{ _id: string; ref?: string; asset: string }>('ledger_lots').find({}),
      wallets: await store.collection<{ _id: string; talk_tickets: number; points: number }>('wallets').find({}),
      renewedEvents: await store
        .collection<{ _id: string; type: string; envelope: { data: { subscription_id: string; period: number } } }>(
          'outbox',
        )
        .find({ type: 'subscription.renewed' }),
      records: await openSubscriptions(store).find({}),
    }));

    expect(
      progressAtKills.some((n) => n > 0 && n < SUBSCRIPTIONS),
      'at least one kill landed mid-sweep',
    ).toBe(true);
    // How many charges the kills left claimed is reported, not asserted: on a quiet machine a sweep renews hundreds in a second
    // and whether a SIGKILL lands between a committed claim and its settle is chance (it failed CI once with 0).
    // The deterministic case — a worker dying between the provider's charge and the settle — is renewal.test.ts's.
    expect(records.filter((r) => r.period === 2 && r.status === 'active' && !r.charge)).toHaveLength(SUBSCRIPTIONS);
    for (const id of ids) {
      const orderId = orderIdOf(id, 2, 0);
      expect(charges.get(orderId), `sandbox charges of ${orderId}`).toBe(1);
    }
    expect([...charges.keys()].filter((orderId) => orderId.startsWith('sub-'))).toHaveLength(SUBSCRIPTIONS);
    expect(periodCharges).toHaveLength(SUBSCRIPTIONS);
    expect(new Set(periodCharges.map((c) => c.subscription_id)).size).toBe(SUBSCRIPTIONS);
    expect(periodCharges.every((c) => c.amount === PLAN_AMOUNT)).toBe(true);
    const grantedRefs = lots.filter((l) => l.ref?.startsWith('sub-'));
    expect(grantedRefs.filter((l) => l.asset === 'tickets')).toHaveLength(SUBSCRIPTIONS);
    expect(grantedRefs.filter((l) => l.asset === 'points')).toHaveLength(SUBSCRIPTIONS);
    expect(wallets.filter((w) => w.talk_tickets === 10 && w.points === 100)).toHaveLength(SUBSCRIPTIONS);
    const renewedPeriods = renewedEvents.map((e) => `${e.envelope.data.subscription_id}:${e.envelope.data.period}`);
    expect(new Set(renewedPeriods).size).toBe(SUBSCRIPTIONS);
    expect(renewedPeriods).toHaveLength(SUBSCRIPTIONS);
  }, 120_000);
});
