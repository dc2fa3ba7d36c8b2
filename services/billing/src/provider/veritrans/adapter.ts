/**
 * The VeriTrans4G adapter (API.md § Provider port): REST with authHash
 * signing. 3-D Secure: VeriTrans4G answers an MPI authorisation with the HTML
 * the shopper's browser must be shown (resResponseContents); it is kept in
 * `veritrans_challenges` and served at our challengeUrl.
 */
import type { DocumentStore } from '@talkwith/platform';
import {
  ProviderRequestError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type OrderState,
  type PaymentProvider,
  type ProviderCodes,
  type StoredCard,
} from '../port.ts';
import { throwIfRefused, VeritransClient, type VeritransClientOptions, type VtResult } from './client.ts';

export type ChallengeDoc = { _id: string; html: string; created_at: Date };
export const VERITRANS_CHALLENGES = 'veritrans_challenges';

export interface VeritransOptions extends VeritransClientOptions {
  store: DocumentStore;
  publicUrl: string;
  tokenUrl: string;
  tokenApiKey: string;
}

const codesOf = (result: VtResult): ProviderCodes => ({
  vResultCode: result.vResultCode,
  mstatus: result.mstatus,
  ...(result.merchMsg ? { message: result.merchMsg } : {}),
});

function cardOf(info: NonNullable<VtResult['payNowIdResponse']>['account']['cardInfo'][number]): StoredCard {
  return {
    cardId: info.cardId,
    maskedNumber: info.cardNumber,
    expiry: info.cardExpire,
    brand: info.cardBrand ?? 'UNKNOWN',
    isDefault: info.defaultCard === '1',
  };
}

function orderStateOf(result: VtResult, orderId: string): OrderState {
  const info = result.orderInfos?.orderInfo.find((o) => o.orderId === orderId);
  if (!info) return { orderId, status: 'not_found', amount: 0, capturedAmount: 0, refundedAmount: 0 };
  const mstatus =
    info.mstatus === 'success' || info.mstatus === 'failure' || info.mstatus === 'pending'
      ? info.mstatus
      : result.mstatus;
  return {
    orderId,
    status: info.orderStatus,
    amount: Number(info.amount),
    capturedAmount: Number(info.capturedAmount),
    refundedAmount: Number(info.refundedAmount),
    codes: { vResultCode: info.vResultCode, mstatus },
  };
}

/** Refused here, before anything is sent: an amount VeriTrans4G could only refuse. */
function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new ProviderRequestError('金額が正しくありません。');
}

export class VeritransProvider implements PaymentProvider {
  readonly name = 'veritrans' as const;
  private readonly client: VeritransClient;
  private readonly options: VeritransOptions;

  constructor(options: VeritransOptions) {
    this.options = { ...options, publicUrl: options.publicUrl.replace(/\/$/, '') };
    this.client = new VeritransClient(options);
  }

  tokenEndpoint(): { url: string; tokenApiKey: string } {
    return { url: this.options.tokenUrl, tokenApiKey: this.options.tokenApiKey };
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    checkAmount(request.amount);
    const card =
      request.card.kind === 'token'
        ? {
            token: request.card.token,
            ...(request.saveCardTo ? { accountParam: { accountId: request.saveCardTo } } : {}),
          }
        : { accountParam: { accountId: request.card.accountId, cardParam: { cardId: request.card.cardId } } };
    const threeDs =
      request.mpi === 'mpi-none'
        ? {}
        : {
            serviceOptionType: request.mpi,
            ...(request.redirectionUri ? { redirectionUri: request.redirectionUri } : {}),
          };
    const params = {
      orderId: request.orderId,
      amount: String(request.amount),
      jpo: '10',
      withCapture: String(request.withCapture),
      ...threeDs,
      payNowIdParam: card,
    };
    const result = await this.client.call(
      request.mpi === 'mpi-none' ? '/paynow/v2/Authorize/card' : '/paynow/v2/Authorize/mpi',
      params,
      request.orderId,
    );
    return this.authorizeResultOf(result, request.orderId);
  }

  async completeChallenge(orderId: string): Promise<AuthorizeResult> {
    const state = await this.search(orderId);
    const codes = state.codes ?? { vResultCode: '', mstatus: 'pending' as const };
    switch (state.status) {
      case 'not_found':
        throw new ProviderRequestError('取引が見つかりません。');
      case 'success':
      case 'canceled':
        return { status: 'success', orderId, capturedAmount: state.capturedAmount, codes };
      case 'failure':
        return { status: 'failure', orderId, codes };
      case 'pending':
        return { status: 'pending', orderId, codes };
      case 'challenge':
        return { status: 'challenge', orderId, challengeUrl: this.challengeUrl(orderId), codes };
    }
  }

  async cancel(orderId: string, amount?: number): Promise<OrderState> {
    if (amount !== undefined) checkAmount(amount);
    const result = await this.client.call(
      '/paynow/v2/Cancel/card',
      { orderId, ...(amount === undefined ? {} : { amount: String(amount) }) },
      orderId,
    );
    throwIfRefused(result);
    return orderStateOf(result, orderId);
  }

  async reauthorize(request: { orderId: string; originalOrderId: string; amount: number }): Promise<AuthorizeResult> {
    checkAmount(request.amount);
    const params = {
      orderId: request.orderId,
      originalOrderId: request.originalOrderId,
      amount: String(request.amount),
      withCapture: 'true',
    };
    return this.authorizeResultOf(
      await this.client.call('/paynow/v2/ReAuthorize/card', params, request.orderId),
      request.orderId,
    );
  }

  async search(orderId: string): Promise<OrderState> {
    const result = await this.client.call(
      '/paynow/v2/Search/common',
      { searchParameters: { common: { orderId } } },
      orderId,
    );
    throwIfRefused(result);
    return orderStateOf(result, orderId);
  }

  async addCard(accountId: string, token: string, makeDefault = false): Promise<StoredCard> {
    const [card] = await this.cards('Add', {
      token,
      accountParam: { accountId, cardParam: { defaultCard: makeDefault ? '1' : '0' } },
    });
    if (!card) throw new ProviderRequestError('カードを登録できませんでした。');
    return card;
  }

  async listCards(accountId: string): Promise<StoredCard[]> {
    return this.cards('Get', { accountParam: { accountId } });
  }

  async deleteCard(accountId: string, cardId: string): Promise<void> {
    await this.cards('Delete', { accountParam: { accountId, cardParam: { cardId } } });
  }

  async setDefaultCard(accountId: string, cardId: string): Promise<StoredCard[]> {
    return this.cards('Update', { accountParam: { accountId, cardParam: { cardId, defaultCard: '1' } } });
  }

  /** Reachable and answering: a signed search of an order that does not exist (refusals still prove it answered). */
  async ping(): Promise<void> {
    await this.client.call('/paynow/v2/Search/common', { searchParameters: { common: { orderId: 'ping' } } });
  }

  async close(): Promise<void> {}

  /** A challenge page is only needed while the shopper is on it: the store drops it after a day. */
  async ensureIndexes(): Promise<void> {
    await this.options.store
      .collection<ChallengeDoc>(VERITRANS_CHALLENGES)
      .createIndex({ created_at: 1 }, { expireAfterSeconds: 24 * 3600 });
  }

  challengeUrl(orderId: string): string {
    return `${this.options.publicUrl}/api/payment/veritrans/challenge/${encodeURIComponent(orderId)}`;
  }

  private async cards(
    action: 'Add' | 'Get' | 'Delete' | 'Update',
    payNowIdParam: Record<string, unknown>,
  ): Promise<StoredCard[]> {
    const result = await this.client.call(`/paynowid/v1/${action}/cardinfo`, { payNowIdParam });
    throwIfRefused(result);
    return (result.payNowIdResponse?.account.cardInfo ?? []).map(cardOf);
  }

  private async authorizeResultOf(result: VtResult, orderId: string): Promise<AuthorizeResult> {
    throwIfRefused(result);
    const codes = codesOf(result);
    if (result.resResponseContents) {
      await this.options.store
        .collection<ChallengeDoc>(VERITRANS_CHALLENGES)
        .updateOne(
          { _id: orderId },
          { $set: { html: result.resResponseContents, created_at: new Date() } },
          { upsert: true },
        );
      return { status: 'challenge', orderId, challengeUrl: this.challengeUrl(orderId), codes };
    }
    if (result.mstatus === 'failure') return { status: 'failure', orderId, codes };
    if (result.mstatus === 'pending') return { status: 'pending', orderId, codes };
    const saved = result.payNowIdResponse?.account.cardInfo[0];
    return {
      status: 'success',
      orderId,
      capturedAmount: Number(result.reqAmount ?? 0),
      codes,
      ...(saved ? { savedCard: cardOf(saved) } : {}),
    };
  }
}
