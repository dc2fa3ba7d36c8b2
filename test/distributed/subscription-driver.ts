import { randomBytes, randomInt } from 'node:crypto';
import { adminToken } from './topology.ts';
import { sleep, type BillingClient, type Reply } from './billing-driver.ts';

/**
 * The plans' side of the billing chaos mix: real accounts (created at
 * identity, so deleting one goes the way a customer's deletion goes), each
 * with a plan that renews during the run, some moving the plan to another
 * card and some deleting the account, all while billing is SIGKILLed.
 */

/** Card numbers the sandbox charges, told apart at its orders by their last four digits. */
const FIRST_CARD = '4111111111111111';
const SECOND_CARD = '4242424242424242';

export interface PlanLife {
  user: string;
  subscriptionId: string;
  /** When the plan's paid period ends (the renewal charges then). */
  periodEnd: number;
  /** How its card moves during the run: not, to another saved card, or to a new card (checked without charge). */
  cardChange: 'none' | 'saved' | 'new';
  /** When the card change was answered (the card expected at the renewal if well before periodEnd). */
  cardChangedAt?: number;
  /** When identity answered the account's deletion (null: kept). */
  deletedAckAt?: number;
  deleteAfterMs: number | null;
}

const fresh = () => randomBytes(6).toString('hex');

export class PlanDriver {
  private readonly client: BillingClient;
  private readonly identityUrl: string;
  private readonly billingUrl: string;
  private readonly admin: string;

  constructor(client: BillingClient, identityUrl: string, billingUrl: string, jwtSecret: string) {
    this.client = client;
    this.identityUrl = identityUrl;
    this.billingUrl = billingUrl;
    this.admin = `Bearer ${adminToken(jwtSecret)}`;
  }

  /** An admin call straight to a service, again until it answers something other than "try again" (billing may be down). */
  private async asAdmin(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    key?: string,
    untilFound = false,
  ): Promise<Reply> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const headers: Record<string, string> = {
        authorization: this.admin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      };
      const reply = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
        .then(async (r) => ({ status: r.status, body: (await r.json().catch(() => ({}))) as Record<string, unknown> }))
        .catch(() => ({ status: 0, body: {} }));
      if (reply.status !== 0 && reply.status < 500 && reply.status !== 409 && !(untilFound && reply.status === 404))
        return reply;
      if (Date.now() > deadline)
        throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      await sleep(250);
    }
  }

  private async saveCard(user: string, cardNumber: string): Promise<string> {
    const reply = await this.client.untilAnswered(user, 'POST', '/api/payment/card/info/add', {
      token: await this.tokenFor(user, cardNumber),
    });
    const card = reply.body.card as { card_id?: string } | undefined;
    if (reply.status !== 200 || !card?.card_id)
      throw new Error(`card/info/add answered ${reply.status} ${JSON.stringify(reply.body)}`);
    return card.card_id;
  }

  private async tokenFor(user: string, cardNumber: string): Promise<string> {
    const reply = await this.client.untilAnswered(user, 'POST', '/api/payment/sandbox/tokens', {
      card_number: cardNumber,
      card_expire: '12/39',
      security_code: '123',
      token_api_key: 'sandbox',
    });
    return String(reply.body.token);
  }

  /** A new account with a plan (an operator's record, no charge) ending `periodMs` from now, paid by a first card. */
  async start(periodMs: number, cardChange: PlanLife['cardChange'], deleteAfterMs: number | null): Promise<PlanLife> {
    const created = await this.asAdmin(this.identityUrl, 'POST', '/api/admin/users', {
      email: `chaos-plan-${fresh()}@example.jp`,
      password: 'abcd1234',
      gender: 'other',
      date_of_birth: '1990-01-01',
    });
    const user = (created.body.user as { id: string }).id;
    await this.asAdmin(this.billingUrl, 'GET', `/api/admin/full/users/${user}/account`, undefined, undefined, true); // billing heard of the account
    const cardId = await this.saveCard(user, FIRST_CARD);
    const periodEnd = Date.now() + periodMs;
    const inserted = await this.asAdmin(
      this.billingUrl,
      'POST',
      '/api/admin/payment/user_subscriptions/insert',
      { user_id: user, plan_code: 'PROD001', period_end: new Date(periodEnd).toISOString(), note: 'chaos' },
      `chaos-plan-${fresh()}`,
    );
    const subscriptionId = (inserted.body.subscription as { subscription_id: string }).subscription_id;
    await this.client.untilAnswered(user, 'POST', '/api/payment/recurring/change_card', {
      subscription_id: subscriptionId,
      card_id: cardId,
    });
    return { user, subscriptionId, periodEnd, cardChange, deleteAfterMs };
  }

  /** The plan's life under the kills: its card change a little after the start, its deletion when due. */
  async live(life: PlanLife): Promise<void> {
    const changing = (async () => {
      if (life.cardChange === 'none') return;
      await sleep(randomInt(0, 3000));
      const body =
        life.cardChange === 'saved'
          ? { subscription_id: life.subscriptionId, card_id: await this.saveCard(life.user, SECOND_CARD) }
          : { subscription_id: life.subscriptionId, token: await this.tokenFor(life.user, SECOND_CARD) };
      const reply = await this.client.untilAnswered(life.user, 'POST', '/api/payment/recurring/change_card', body);
      if (reply.status === 200) life.cardChangedAt = Date.now();
    })();
    const deleting = (async () => {
      if (life.deleteAfterMs === null) return;
      await sleep(life.deleteAfterMs);
      await changing.catch(() => {});
      const reply = await this.asAdmin(this.identityUrl, 'DELETE', `/api/admin/users/${life.user}`);
      if (reply.status === 200) life.deletedAckAt = Date.now();
    })();
    await Promise.all([changing, deleting]);
  }
}

/** What the plans' part reads from the billing store once billing stopped. */
export interface PlanState {
  subscriptions: Array<{
    _id: string;
    user_id: string;
    status: string;
    period: number;
    finished_reason?: string;
    period_end?: string;
  }>;
  orders: Array<{ _id: string; status: string; captured: number; refunded: number; card: { last4: string } }>;
  charges: Array<{ order_id: string; amount: number; at_ms: number }>;
  cardAccounts: Array<{ _id: string; account_id: string }>;
  cards: Array<{ account_id: string }>;
  erasures: Array<{ _id: string; done_at?: string }>;
}

/** Every broken promise of the plans' part, as lists that must be empty. */
export function planFindingsOf(lives: PlanLife[], state: PlanState) {
  const sub = new Map(state.subscriptions.map((s) => [s._id, s]));
  const ordersOf = (id: string) => state.orders.filter((o) => o._id.startsWith(`sub-${id}-`));
  const chargesOf = (orderId: string) => state.charges.filter((c) => c.order_id === orderId);
  const accountOf = new Map(state.cardAccounts.map((a) => [a._id, a.account_id]));
  const deleted = lives.filter((l) => l.deletedAckAt !== undefined);
  const kept = lives.filter((l) => l.deletedAckAt === undefined);
  return {
    deleted: deleted.length,
    kept: kept.length,
    chargeKeptAfterDeletion: deleted.flatMap((l) =>
      ordersOf(l.subscriptionId)
        .filter(
          (o) => chargesOf(o._id).some((c) => c.at_ms > (l.deletedAckAt as number)) && o.captured - o.refunded > 0,
        )
        .map((o) => `${l.user}: ${o._id} captured ¥${o.captured - o.refunded} after the deletion was acknowledged`),
    ),
    planAliveAfterDeletion: deleted
      .filter(
        (l) =>
          sub.get(l.subscriptionId)?.status !== 'inactive' ||
          sub.get(l.subscriptionId)?.finished_reason !== 'account_deleted',
      )
      .map(
        (l) =>
          `${l.subscriptionId}: ${sub.get(l.subscriptionId)?.status}/${sub.get(l.subscriptionId)?.finished_reason}`,
      ),
    cardsLeftAfterDeletion: deleted
      .filter((l) => state.cards.some((c) => c.account_id === accountOf.get(l.user)))
      .map((l) => l.user),
    erasuresOpen: state.erasures.filter((e) => !e.done_at).map((e) => e._id),
    notRenewed: kept
      .filter((l) => (sub.get(l.subscriptionId)?.period ?? 0) < 2)
      .map((l) => `${l.subscriptionId}: period ${sub.get(l.subscriptionId)?.period}`),
    chargedWrongCard: kept
      .filter((l) => l.cardChange !== 'none' && l.cardChangedAt !== undefined && l.cardChangedAt < l.periodEnd - 2000)
      .flatMap((l) => {
        const renewal = ordersOf(l.subscriptionId).find((o) => o._id === `sub-${l.subscriptionId}-2`);
        return renewal?.card.last4 === SECOND_CARD.slice(-4)
          ? []
          : [`${l.subscriptionId}: renewed on ${renewal?.card.last4}`];
      }),
    doubleCharges: [...new Set(state.charges.filter((c) => c.order_id.startsWith('sub-')).map((c) => c.order_id))]
      .filter((orderId) => chargesOf(orderId).length > 1)
      .map((orderId) => `${orderId} charged ${chargesOf(orderId).length} times`),
  };
}
