// Billing: card purchases per second end to end, and the p95 latency of a
// talk ticket use, against the standalone gateway (`npm start`: every service
// in one process, embedded store, the card sandbox). Baselines, same run, same
// client: GET /api/billing/wallet (an authenticated read of the same service).
// Runs alone with `node scripts/bench/billing.ts`.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BillingClient } from '../../test/distributed/billing-driver.ts';
import { latencies, percentile, round1, startStandalone, throughput as load } from './load.ts';
import type { NodeProcess } from './processes.ts';
import { printAlone, type BenchRow } from './table.ts';

const CLIENTS = 16;
const WARM_UP_MS = 2000;
const MEASURE_MS = 8000;
const TICKET_USES = 300;
const SECRET = randomBytes(32).toString('hex');

const SHAPE = { clients: CLIENTS, warmUpMs: WARM_UP_MS, measureMs: MEASURE_MS };

/** Operations per second, each client loop being its own user. */
function throughput(operation: (user: string) => Promise<void>): Promise<number> {
  const users = Array.from({ length: CLIENTS }, (_, i) => `bench-user-${i}-${randomBytes(4).toString('hex')}`);
  return load(SHAPE, (i) => operation(users[i] ?? 'bench-user'));
}

const newKey = () => `bench-${randomBytes(12).toString('hex')}`;

/** One purchase of a ticket pack with a fresh sandbox token and the success card; throws unless it is captured. */
async function buy(client: BillingClient, user: string, productId: string): Promise<void> {
  const token = await client.cardToken(user, 'success');
  const reply = await client.call(
    user,
    'POST',
    '/api/payment/card/authorize',
    { product_id: productId, token },
    { key: newKey() },
  );
  const status = (reply.body.purchase as { status?: string } | undefined)?.status;
  if (reply.status !== 200 || status !== 'captured')
    throw new Error(`purchase answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
}

async function readWallet(client: BillingClient, user: string): Promise<void> {
  const reply = await client.call(user, 'GET', '/api/billing/wallet');
  if (reply.status !== 200)
    throw new Error(`wallet answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
}

/** A user with enough tickets (bought in packs of 10), then TICKET_USES uses one after another; baseline: as many wallet reads. */
async function ticketUse(client: BillingClient): Promise<{ use: number[]; wallet: number[] }> {
  const user = `bench-tickets-${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < Math.ceil((TICKET_USES + 20) / 10); i++) await buy(client, user, 'tickets-10');
  const useOne = async () => {
    const reply = await client.call(
      user,
      'POST',
      '/api/talk_tickets',
      { user_id: user, character_id: 'bench-character', btn: 'talk' },
      { key: newKey() },
    );
    if (reply.status !== 200)
      throw new Error(`ticket use answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  };
  for (let i = 0; i < 20; i++) await useOne();
  const use = await latencies(TICKET_USES, useOne);
  const wallet = await latencies(TICKET_USES, () => readWallet(client, user));
  return { use, wallet };
}

export async function benchBilling(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-billing-'));
  let server: NodeProcess | undefined;
  try {
    const started = await startStandalone(dataDir, { JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox' });
    server = started.server;
    const client = new BillingClient(started.url, SECRET, 10_000);
    const walletPerSecond = await throughput((user) => readWallet(client, user));
    const purchasesPerSecond = await throughput((user) => buy(client, user, 'tickets-1'));
    const { use, wallet } = await ticketUse(client);
    const settings = `${CLIENTS} concurrent clients, ${MEASURE_MS / 1000} s`;
    return [
      {
        name: `billing: GET /api/billing/wallet through the standalone gateway (${settings})`,
        value: Math.round(walletPerSecond),
        unit: 'req/s',
      },
      {
        name: `billing: purchases/s end to end (standalone; sandbox token + card/authorize, success card, tickets-1; ${settings})`,
        value: round1(purchasesPerSecond),
        unit: 'purchases/s',
        baseline: Math.round(walletPerSecond),
      },
      {
        name: `billing: ticket use p95 latency (POST /api/talk_tickets, ${TICKET_USES} uses one after another; p50 ${round1(percentile(use, 50))} ms)`,
        value: round1(percentile(use, 95)),
        unit: 'ms',
        baseline: round1(percentile(wallet, 95)),
      },
    ];
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await printAlone(benchBilling);
  process.exit();
}
