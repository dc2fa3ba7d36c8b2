// Redis restarted without persistence, everything else left running: the time
// from the restart to the first successful card purchase through the gateway
// (the purchase needs the cache, the bus and billing's jobs back). Baseline,
// same run: billing's own process restarted (SIGTERM, start) to its first purchase.
// Runs alone with `node scripts/bench/redis-restart.ts`.
import { randomUUID } from 'node:crypto';
import { CARDS, PACK, userToken } from '../../test/distributed/billing-driver.ts';
import { startTopology } from '../../test/distributed/topology.ts';
import { printAlone, type BenchRow } from './table.ts';

const GIVE_UP_MS = 120_000;

/** One card purchase through the gateway (the sandbox token, then the charge); the charge's answer. */
export async function purchaseOnce(gatewayUrl: string, token: string): Promise<Response> {
  const post = (path: string, body: object, key?: string) =>
    fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
    });
  const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100)}`;
  const tokenReply = await post('/api/payment/sandbox/tokens', {
    card_number: CARDS.success,
    card_expire: expiry,
    security_code: '123',
    token_api_key: 'sandbox',
  });
  if (!tokenReply.ok) return tokenReply;
  const { token: cardToken } = (await tokenReply.json()) as { token: string };
  return post('/api/payment/card/authorize', { product_id: PACK.product_id, token: cardToken }, randomUUID());
}

/** Milliseconds from `since` until a purchase is captured, trying every 50 ms. */
async function untilPurchase(gatewayUrl: string, token: string, since: number): Promise<number> {
  while (Date.now() - since < GIVE_UP_MS) {
    const reply = await purchaseOnce(gatewayUrl, token).catch(() => null);
    const body = reply?.ok ? ((await reply.json()) as { purchase?: { status?: string } }) : null;
    if (body?.purchase?.status === 'captured') return Date.now() - since;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no purchase within ${GIVE_UP_MS} ms`);
}

export async function benchRedisRestart(): Promise<BenchRow[]> {
  const topology = await startTopology({ env: { gateway: { API_RATE_LIMIT_PER_MINUTE: '10000000' } } });
  try {
    const token = userToken(topology.jwtSecret, `bench-${randomUUID().slice(0, 8)}`);
    await untilPurchase(topology.gatewayUrl, token, Date.now()); // warm: everything answers
    let since = Date.now();
    await topology.killService('billing', 'SIGTERM');
    await topology.startService('billing');
    const billingRestart = await untilPurchase(topology.gatewayUrl, token, since);
    since = Date.now();
    await topology.restartRedis();
    const redisRestart = await untilPurchase(topology.gatewayUrl, token, since);
    console.log(
      `redis restart: first purchase ${redisRestart} ms after the restart began (billing restart: ${billingRestart} ms)`,
    );
    return [
      {
        name: 'Redis restarted without persistence → first successful purchase (baseline: billing restarted)',
        value: redisRestart,
        unit: 'ms',
        baseline: billingRestart,
      },
    ];
  } finally {
    await topology.close();
  }
}

if (import.meta.main) await printAlone(benchRedisRestart);
