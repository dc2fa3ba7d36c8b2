/**
 * The sandbox card provider: behaves like VeriTrans4G for standalone mode and
 * tests (API.md § Provider port). Every fact lives in the platform store
 * (`sandbox_*` collections), so a kill -9 of billing loses nothing.
 *
 * A repeated orderId never charges twice: VeriTrans4G refuses a duplicate
 * orderId; the sandbox answers the existing order's result instead (what a
 * caller would learn by searching), whatever the second request carried.
 */
import { isAppError, type DocumentStore, type Transaction } from '@talkwith/platform';
import {
  ProviderRequestError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type CardSource,
  type OrderState,
  type StoredCard,
} from '../port.ts';
import { CODES, REQUEST_ERRORS } from './cards.ts';
import { addMemberCard, deleteMemberCard, listMemberCards, memberCard, setDefaultMemberCard } from './members.ts';
import { cardsIn, chargesIn, orderStateOf, ordersIn, tokensIn, type CardFacts, type OrderDoc } from './model.ts';
import {
  capturedOnSuccess,
  checkOrderRequest,
  decideOrder,
  insertOrder,
  recordCharge,
  resultOf,
  type NewOrder,
} from './orders.ts';
import { cancelOrder } from './refunds.ts';
import { cardFactsOf, consumeToken, issuedTokenOf, newTokenDoc, type CardInput, type IssuedToken } from './tokens.ts';

export interface SandboxOptions {
  store: DocumentStore;
  /** Origin of the billing service: the challenge page's address starts with it. */
  publicUrl: string;
  /** How long a pending test card stays pending before a search settles it. */
  pendingMs: number;
  now?: () => number;
}

/** The answer to a charge; `answerLost` (time-out card) means the charge happened but the caller must not learn it. */
export interface EngineAnswer {
  result: AuthorizeResult;
  answerLost: boolean;
}

export class SandboxEngine {
  readonly publicUrl: string;
  private readonly store: DocumentStore;
  private readonly pendingMs: number;
  private readonly now: () => number;

  constructor(options: SandboxOptions) {
    this.store = options.store;
    this.publicUrl = options.publicUrl.replace(/\/$/, '');
    this.pendingMs = options.pendingMs;
    this.now = options.now ?? Date.now;
  }

  async ensureIndexes(): Promise<void> {
    await chargesIn(this.store).createIndex({ order_id: 1 });
    await cardsIn(this.store).createIndex({ account_id: 1, created_ms: 1 });
    // Spent and expired tokens go an hour after their expiry (kept that long, a late use is still told 'expired').
    await tokensIn(this.store).createIndex({ expires_at: 1 }, { expireAfterSeconds: 3600 });
  }

  async createToken(input: CardInput): Promise<IssuedToken> {
    const nowMs = this.now();
    const doc = newTokenDoc(cardFactsOf(input, new Date(nowMs)), nowMs);
    await tokensIn(this.store).insertOne(doc);
    return issuedTokenOf(doc);
  }

  async authorize(request: AuthorizeRequest): Promise<EngineAnswer> {
    checkOrderRequest(request.orderId, request.amount);
    if (request.redirectionUri && !request.redirectionUri.startsWith(`${this.publicUrl}/`)) {
      throw new ProviderRequestError('戻り先URLが正しくありません。', REQUEST_ERRORS.badState);
    }
    return this.placeOnce(request.orderId, async (tx, nowMs) => {
      const card = await this.cardOf(tx, request.card, nowMs);
      const order = decideOrder({
        ...this.orderBase(request.orderId, request.amount, card, nowMs),
        mpi: request.mpi,
        redirectionUri: request.redirectionUri,
        authOnly: !request.withCapture,
      });
      await insertOrder(tx, order);
      const savedCard =
        request.saveCardTo && request.card.kind === 'token' && order.status !== 'failure'
          ? await addMemberCard(tx, request.saveCardTo, card, false, nowMs)
          : undefined;
      return { result: resultOf(order, this.publicUrl, savedCard), answerLost: card.scenario === 'timeout' };
    });
  }

  /** A new order charged to the card of an earlier one, without 3-D Secure (VeriTrans4G ReAuthorize). */
  async reauthorize(request: { orderId: string; originalOrderId: string; amount: number }): Promise<EngineAnswer> {
    checkOrderRequest(request.orderId, request.amount);
    return this.placeOnce(request.orderId, async (tx, nowMs) => {
      const original = await ordersIn(tx).findOne({ _id: request.originalOrderId });
      if (!original) throw new ProviderRequestError('元の取引が見つかりません。', REQUEST_ERRORS.orderNotFound);
      const order = decideOrder({
        ...this.orderBase(request.orderId, request.amount, original.card, nowMs),
        mpi: 'mpi-none',
        originalOrderId: original._id,
      });
      await insertOrder(tx, order);
      return { result: resultOf(order, this.publicUrl), answerLost: original.card.scenario === 'timeout' };
    });
  }

  /** What the shopper chose on the challenge page; a second answer changes nothing. Null when the order is unknown. */
  async decideChallenge(orderId: string, passed: boolean): Promise<OrderDoc | null> {
    return this.store.withTransaction(async (tx) => {
      const order = await ordersIn(tx).findOne({ _id: orderId });
      if (!order || order.status !== 'challenge') return order;
      const next: OrderDoc = passed
        ? { ...order, status: 'success', captured: capturedOnSuccess(order), codes: CODES.success }
        : { ...order, status: 'failure', codes: CODES.challengeFailed };
      return this.moveOrder(tx, order, next);
    });
  }

  async order(orderId: string): Promise<OrderDoc | null> {
    return ordersIn(this.store).findOne({ _id: orderId });
  }

  async completeChallenge(orderId: string): Promise<AuthorizeResult> {
    const order = await this.settled(orderId);
    if (!order) throw new ProviderRequestError('取引が見つかりません。', REQUEST_ERRORS.orderNotFound);
    return resultOf(order, this.publicUrl);
  }

  async search(orderId: string): Promise<OrderState> {
    return orderStateOf(await this.settled(orderId), orderId);
  }

  async cancel(orderId: string, amount?: number): Promise<OrderState> {
    return this.store.withTransaction((tx) => cancelOrder(tx, orderId, amount, this.now()));
  }

  async addCard(accountId: string, token: string, makeDefault = false): Promise<StoredCard> {
    return this.store.withTransaction(async (tx) => {
      const nowMs = this.now();
      return addMemberCard(tx, accountId, await consumeToken(tx, token, nowMs), makeDefault, nowMs);
    });
  }

  async listCards(accountId: string): Promise<StoredCard[]> {
    return listMemberCards(this.store, accountId);
  }

  async deleteCard(accountId: string, cardId: string): Promise<void> {
    await this.store.withTransaction((tx) => deleteMemberCard(tx, accountId, cardId));
  }

  async setDefaultCard(accountId: string, cardId: string): Promise<StoredCard[]> {
    return this.store.withTransaction((tx) => setDefaultMemberCard(tx, accountId, cardId));
  }

  private orderBase(orderId: string, amount: number, card: CardFacts, nowMs: number): Omit<NewOrder, 'mpi'> {
    return { orderId, amount, card, nowMs, pendingMs: this.pendingMs };
  }

  private async cardOf(tx: Transaction, source: CardSource, nowMs: number): Promise<CardFacts> {
    if (source.kind === 'token') return consumeToken(tx, source.token, nowMs);
    return (await memberCard(tx, source.accountId, source.cardId)).card;
  }

  /** Runs `place` unless the orderId exists; a concurrent twin that lost the insert race answers the winner's order. */
  private async placeOnce(
    orderId: string,
    place: (tx: Transaction, nowMs: number) => Promise<EngineAnswer>,
  ): Promise<EngineAnswer> {
    try {
      return await this.store.withTransaction(async (tx) => {
        const existing = await ordersIn(tx).findOne({ _id: orderId });
        if (existing) return { result: resultOf(existing, this.publicUrl), answerLost: false };
        return place(tx, this.now());
      });
    } catch (err) {
      if (!isAppError(err) || err.code !== 'DUPLICATE_KEY') throw err;
      const existing = await ordersIn(this.store).findOne({ _id: orderId });
      if (!existing) throw err;
      return { result: resultOf(existing, this.publicUrl), answerLost: false };
    }
  }

  /** The order, with a pending one settled to success (charged once) when its time has come. */
  private async settled(orderId: string): Promise<OrderDoc | null> {
    return this.store.withTransaction(async (tx) => {
      const order = await ordersIn(tx).findOne({ _id: orderId });
      if (!order || order.status !== 'pending' || (order.pending_until_ms ?? 0) > this.now()) return order;
      return this.moveOrder(tx, order, {
        ...order,
        status: 'success',
        captured: capturedOnSuccess(order),
        codes: CODES.success,
      });
    });
  }

  /** Moves the order from the state it was read in (guarded: a twin that moved it first wins) and records the charge it makes. */
  private async moveOrder(tx: Transaction, from: OrderDoc, to: OrderDoc): Promise<OrderDoc | null> {
    const { matchedCount } = await ordersIn(tx).updateOne(
      { _id: from._id, status: from.status },
      { $set: { status: to.status, captured: to.captured, codes: to.codes } },
    );
    if (matchedCount !== 1) return ordersIn(tx).findOne({ _id: from._id });
    if (to.captured > from.captured) await recordCharge(tx, to._id, to.captured - from.captured, this.now());
    return to;
  }
}

/** How many charges the sandbox made for one orderId (the chaos tests: never more than one). */
export async function countSandboxCharges(store: DocumentStore, orderId: string): Promise<number> {
  return chargesIn(store).countDocuments({ order_id: orderId });
}

/** Every orderId the sandbox charged, with how many times (tests look for any count above one). */
export async function sandboxChargesByOrder(store: DocumentStore): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const charge of await chargesIn(store).find({}))
    counts.set(charge.order_id, (counts.get(charge.order_id) ?? 0) + 1);
  return counts;
}
