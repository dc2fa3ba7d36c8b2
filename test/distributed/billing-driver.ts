import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { CARDS } from '../../services/billing/src/provider/sandbox/cards.ts';

/**
 * A card-paying client as a real browser and its retry logic behave: one
 * Idempotency-Key per intended purchase, the same request again (same key,
 * same body) on a connection error, a 5xx or an abort, never a new key.
 * Used by the billing chaos test (and its numbers by the billing bench).
 */

export const PACK = { product_id: 'tickets-1', tickets: 1, amount: 150 } as const;

/** The sandbox's test cards (services/billing/API.md § Provider port); the chaos test pays with all but the challenge card. */
export { CARDS };
export type Scenario = Exclude<keyof typeof CARDS, 'challenge'>;

/** How the client sends its request: once, 2–3 copies at the same time, or aborted mid-way and sent again. */
export type Delivery = 'once' | 'duplicated' | 'aborted';

export interface Intent {
  user: string;
  key: string;
  scenario: Scenario;
  delivery: Delivery;
  /** The purchase ids every answer named (one, if idempotency holds). */
  purchaseIds: Set<string>;
  /** What the client was last told: settled, declined, or 202 PAYMENT_PENDING. */
  answer?: 'captured' | 'failed' | 'pending';
  orderId?: string;
}

export interface ClientStats {
  requests: number;
  /** Requests sent again with the same key after a connection error, a 5xx or a 409 (call in flight). */
  retries: number;
  aborts: number;
  duplicates: number;
  /** Answers no correct server gives (4xx other than a decline): the test asserts there are none. */
  unexpected: string[];
}

/** An access token as identity signs it (HS256, shared JWT_SECRET), for a customer without roles. */
export function userToken(secret: string, sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, roles: [], iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A card expiry two years ahead, MM/YY. */
function futureExpiry(): string {
  const now = new Date();
  return `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

/** Connection refused/reset, a gateway that could not reach billing, or billing answering while it starts: try again. */
const retryable = (status: number) => status >= 500 || status === 409 || status === 429;

export class BillingClient {
  readonly stats: ClientStats = { requests: 0, retries: 0, aborts: 0, duplicates: 0, unexpected: [] };
  private readonly tokens = new Map<string, string>();
  private readonly baseUrl: string;
  private readonly jwtSecret: string;
  private readonly giveUpMs: number;

  constructor(baseUrl: string, jwtSecret: string, giveUpMs = 120_000) {
    this.baseUrl = baseUrl;
    this.jwtSecret = jwtSecret;
    this.giveUpMs = giveUpMs;
  }

  private authorization(user: string): string {
    let token = this.tokens.get(user);
    if (!token) this.tokens.set(user, (token = userToken(this.jwtSecret, user)));
    return `Bearer ${token}`;
  }

  /** One HTTP call; a thrown error is a connection error or an abort. */
  async call(
    user: string,
    method: string,
    path: string,
    body?: unknown,
    init: { key?: string; signal?: AbortSignal } = {},
  ): Promise<Reply> {
    this.stats.requests++;
    const headers: Record<string, string> = { authorization: this.authorization(user) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (init.key) headers['idempotency-key'] = init.key;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: init.signal ?? AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, body: parseBody(text) };
  }

  /** The same call until it gets an answer that is not "try again" (a real client's back-off, bounded). */
  async untilAnswered(user: string, method: string, path: string, body?: unknown, key?: string): Promise<Reply> {
    const deadline = Date.now() + this.giveUpMs;
    for (let attempt = 0; ; attempt++) {
      const reply = await this.call(user, method, path, body, { key }).catch((err: unknown) => ({
        status: 0,
        body: { error: String(err) },
      }));
      if (!retryable(reply.status) && reply.status !== 0) return reply;
      if (Date.now() > deadline)
        throw new Error(
          `${method} ${path} got no answer in ${this.giveUpMs} ms: last ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`,
        );
      this.stats.retries++;
      await sleep(Math.min(1000, 25 * 2 ** attempt) + randomInt(50));
    }
  }

  /** A one-time card token from the sandbox's token endpoint, as the browser fetches it. */
  async cardToken(user: string, scenario: Scenario): Promise<string> {
    const reply = await this.untilAnswered(user, 'POST', '/api/payment/sandbox/tokens', {
      card_number: CARDS[scenario],
      card_expire: futureExpiry(),
      security_code: '123',
      token_api_key: 'sandbox',
    });
    const token = reply.body.token;
    if (reply.status !== 200 || typeof token !== 'string')
      throw new Error(`token endpoint answered ${reply.status} ${JSON.stringify(reply.body)}`);
    return token;
  }

  /** Reads one answer of card/authorize into the intent; anything but a settlement, a decline or 202 is unexpected. */
  private record(intent: Intent, reply: Reply): void {
    const purchase = reply.body.purchase as { purchase_id?: string; order_id?: string; status?: string } | undefined;
    if (purchase?.purchase_id) intent.purchaseIds.add(purchase.purchase_id);
    if (purchase?.order_id) intent.orderId = purchase.order_id;
    if (reply.status === 202 || reply.body.code === 'PAYMENT_PENDING') intent.answer = 'pending';
    else if (reply.body.code === 'PAYMENT_DECLINED' || purchase?.status === 'failed') intent.answer = 'failed';
    else if (reply.status === 200 && purchase?.status === 'captured') intent.answer = 'captured';
    else this.stats.unexpected.push(`${intent.scenario} ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
  }

  private async authorizeOnce(intent: Intent, body: object): Promise<void> {
    this.record(intent, await this.untilAnswered(intent.user, 'POST', '/api/payment/card/authorize', body, intent.key));
  }

  /** Aborted after a few ms (maybe before billing saw it, maybe mid-charge), then sent again with the same key. */
  private async abortThenRetry(intent: Intent, body: object): Promise<void> {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), randomInt(1, 40));
    try {
      const reply = await this.call(intent.user, 'POST', '/api/payment/card/authorize', body, {
        key: intent.key,
        signal: controller.signal,
      });
      // A "try again" (billing killed under the call: 502/503) is what the retry below is for.
      if (!retryable(reply.status)) this.record(intent, reply);
    } catch {
      this.stats.aborts++;
    }
    await this.authorizeOnce(intent, body);
  }

  /** 2–3 copies of the request at the same time (a double click, a retrying proxy); half the time one more once the answer came (a reload). */
  private async duplicated(intent: Intent, body: object): Promise<void> {
    const copies = randomInt(2, 4);
    this.stats.duplicates += copies - 1;
    await Promise.all(
      Array.from({ length: copies }, (_, i) => sleep(i * randomInt(0, 5)).then(() => this.authorizeOnce(intent, body))),
    );
    if (randomInt(2) === 0) {
      this.stats.duplicates++;
      await this.authorizeOnce(intent, body);
    }
  }

  /** One intended purchase, delivered as its `delivery` says; a 202 answer is asked again with the same key half of the time. */
  async purchase(intent: Intent): Promise<void> {
    const body = { product_id: PACK.product_id, token: await this.cardToken(intent.user, intent.scenario) };
    if (intent.delivery === 'once') await this.authorizeOnce(intent, body);
    if (intent.delivery === 'aborted') await this.abortThenRetry(intent, body);
    if (intent.delivery === 'duplicated') await this.duplicated(intent, body);
    if (intent.answer === 'pending' && randomInt(2) === 0) {
      await sleep(randomInt(200, 800));
      await this.authorizeOnce(intent, body);
    }
  }
}

/** `count` intended purchases by `users` customers: mostly successes, with time-outs, pending and declined cards, and a third delivered badly. */
export function planIntents(count: number, users: number): Intent[] {
  const userIds = Array.from({ length: users }, () => `chaos-${randomBytes(6).toString('hex')}`);
  const scenarioOf = (roll: number): Scenario =>
    roll < 10 ? 'timeout' : roll < 22 ? 'pending' : roll < 34 ? 'declined' : 'success';
  const deliveryOf = (roll: number): Delivery => (roll < 20 ? 'duplicated' : roll < 35 ? 'aborted' : 'once');
  return Array.from({ length: count }, (_, i) => ({
    user: userIds[i % users] as string,
    key: `chaos-${randomBytes(12).toString('hex')}`,
    scenario: scenarioOf(randomInt(100)),
    delivery: deliveryOf(randomInt(100)),
    purchaseIds: new Set<string>(),
  }));
}

/** Runs `work` over `items` with `concurrency` workers. */
export async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

// ── What a run shows: every broken promise, as lists that must be empty ──

/** What the chaos test reads from the billing store once billing stopped. */
export interface StoredState {
  purchases: Array<{
    _id: string;
    user_id: string;
    idempotency_key: string;
    order_id: string;
    status: string;
    product_id: string;
  }>;
  orders: Array<{ _id: string; status: string; captured: number }>;
  charges: Array<{ order_id: string; amount: number }>;
  lots: Array<{ user_id: string; asset: string; granted: number; source?: string; ref?: string }>;
}

/** A finished run: what the clients intended and were told, the wallets read after reconciliation, the store. */
export interface RunRecord {
  intents: Intent[];
  wallets: Map<string, number>;
  stored: StoredState;
}

/** Statuses a purchase may not be left in. */
export const UNSETTLED = ['created', 'challenge', 'pending', 'unknown'];

function countBy<T>(items: T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

const above = (counts: Map<string, number>, limit: number) => [...counts].filter(([, n]) => n > limit);

type Purchase = StoredState['purchases'][number];
const keyOf = (user: string, key: string) => `${user}\u0000${key}`;

/** Every broken promise the run shows, as lists that must be empty. */
export function findingsOf(run: RunRecord) {
  const { intents, stored } = run;
  const byKey = new Map(stored.purchases.map((p) => [keyOf(p.user_id, p.idempotency_key), p]));
  const purchaseOf = (i: Intent) => byKey.get(keyOf(i.user, i.key));
  const charges = countBy(stored.charges, (c) => c.order_id);
  const purchaseLots = stored.lots.filter((l) => l.source === 'purchase');
  const lots = countBy(purchaseLots, (l) => l.ref ?? '');
  const lotsOf = (p: Purchase) => (lots.get(p._id) ?? 0) + (p.order_id === p._id ? 0 : (lots.get(p.order_id) ?? 0));
  const ordersSent = new Set(stored.orders.map((o) => o._id));
  const purchaseOrders = new Set(stored.purchases.map((p) => p.order_id));
  // A purchase whose call never reached the sandbox (billing killed between recording it and calling) fails uncharged.
  const expected = (i: Intent) =>
    i.scenario === 'declined' || !ordersSent.has(purchaseOf(i)?.order_id ?? '') ? 'failed' : 'captured';
  const ticketsOf = (user: string, list: Array<{ user_id: string; granted?: number; status?: string }>) =>
    list.filter((x) => x.user_id === user);
  return {
    leftToReconciliation: intents.filter((i) => i.answer === 'pending').length,
    neverSent: stored.purchases.filter((p) => !ordersSent.has(p.order_id)).length,
    doubleCharges: [
      ...above(charges, 1).map(([order, n]) => `order ${order} charged ${n} times`),
      ...stored.charges
        .filter((c) => !purchaseOrders.has(c.order_id))
        .map((c) => `charge of order ${c.order_id} that no purchase has`),
      ...above(
        countBy(stored.purchases, (p) => keyOf(p.user_id, p.idempotency_key)),
        1,
      ).map(([k, n]) => `${n} purchases for one key ${k}`),
    ],
    missingPurchases: intents.filter((i) => !purchaseOf(i)).map((i) => `${i.scenario}/${i.delivery} ${i.key}`),
    answersNamingAnother: intents
      .filter((i) => [...i.purchaseIds].some((id) => id !== purchaseOf(i)?._id))
      .map((i) => `${i.key}: ${[...i.purchaseIds].join(',')}`),
    unsettled: stored.purchases.filter((p) => UNSETTLED.includes(p.status)).map((p) => `${p._id}:${p.status}`),
    notAsCardDecides: intents
      .filter((i) => purchaseOf(i)?.status !== expected(i))
      .map((i) => `${i.scenario}/${i.delivery} → ${purchaseOf(i)?.status}`),
    toldOtherwise: intents
      .filter((i) => i.answer && i.answer !== 'pending' && i.answer !== purchaseOf(i)?.status)
      .map((i) => `told ${i.answer}, is ${purchaseOf(i)?.status}`),
    chargedWrongly: stored.purchases
      .filter((p) => (charges.get(p.order_id) ?? 0) !== (p.status === 'captured' ? 1 : 0))
      .map((p) => `${p.status} purchase charged ${charges.get(p.order_id) ?? 0}×`),
    grantedWrongly: stored.purchases
      .filter((p) => lotsOf(p) !== (p.status === 'captured' ? 1 : 0))
      .map((p) => `${p.status} purchase with ${lotsOf(p)} ticket lots`),
    wrongAmounts: stored.charges.filter((c) => c.amount !== PACK.amount).map((c) => `${c.order_id}: ¥${c.amount}`),
    userTotals: [...run.wallets].flatMap(([user, wallet]) => {
      const owed = ticketsOf(user, stored.purchases).filter((p) => p.status === 'captured').length * PACK.tickets;
      const inLots = ticketsOf(user, purchaseLots).reduce((sum, l) => sum + (l.granted ?? 0), 0);
      return owed === inLots && owed === wallet ? [] : [`${user}: owed ${owed}, lots ${inLots}, wallet ${wallet}`];
    }),
  };
}
