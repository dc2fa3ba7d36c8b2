/** The sandbox engine behind VeriTrans4G-shaped REST calls: params in, `{result}` out (plain functions, no request). */
import type {
  VtAuthorizeParams,
  VtCancelParams,
  VtCardParams,
  VtOrderInfo,
  VtReAuthorizeParams,
  VtReply,
  VtSearchParams,
} from '@talkwith/proto/billing';
import {
  ProviderRequestError,
  type AuthorizeResult,
  type CardSource,
  type MpiMode,
  type OrderState,
  type StoredCard,
} from '../port.ts';
import { CODES, REQUEST_ERRORS } from './cards.ts';
import type { EngineAnswer, SandboxEngine } from './engine.ts';

export interface RestAnswer {
  reply: VtReply;
  /** The time-out card: the sandbox holds this answer back until the caller gives up. */
  answerLost: boolean;
}

export function refusal(err: ProviderRequestError): VtReply {
  return {
    result: { vResultCode: err.vResultCode ?? REQUEST_ERRORS.badState, mstatus: 'failure', merchMsg: err.message },
  };
}

/** Runs `work`; a refused request becomes VeriTrans4G's failure answer instead of an HTTP error. */
export async function answering(work: () => Promise<RestAnswer>): Promise<RestAnswer> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ProviderRequestError) return { reply: refusal(err), answerLost: false };
    throw err;
  }
}

function redirectPage(url: string): string {
  const safe = url.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${safe}"></head><body><a href="${safe}">3-Dセキュア認証へ進む</a></body></html>`;
}

const cardInfoOf = (card: StoredCard) => ({
  cardId: card.cardId,
  cardNumber: card.maskedNumber,
  cardExpire: card.expiry,
  defaultCard: card.isDefault ? ('1' as const) : ('0' as const),
  cardBrand: card.brand,
});

function replyOf(answer: EngineAnswer, amount: number, accountId?: string): RestAnswer {
  const result: AuthorizeResult = answer.result;
  const base = {
    vResultCode: result.codes.vResultCode,
    mstatus: result.codes.mstatus,
    merchMsg: result.codes.message,
    orderId: result.orderId,
    reqAmount: String(amount),
  };
  const extra = {
    ...(result.status === 'challenge' ? { resResponseContents: redirectPage(result.challengeUrl) } : {}),
    ...(result.status === 'success' && result.savedCard && accountId
      ? { payNowIdResponse: { account: { accountId, cardInfo: [cardInfoOf(result.savedCard)] } } }
      : {}),
  };
  return { reply: { result: { ...base, ...extra } }, answerLost: answer.answerLost };
}

function cardSourceOf(params: VtAuthorizeParams): { card: CardSource; saveCardTo?: string } {
  const { token, accountParam } = params.payNowIdParam;
  if (token) return { card: { kind: 'token', token }, ...(accountParam ? { saveCardTo: accountParam.accountId } : {}) };
  const cardId = accountParam?.cardParam?.cardId;
  if (accountParam && cardId) return { card: { kind: 'stored', accountId: accountParam.accountId, cardId } };
  throw new ProviderRequestError('カードトークンまたは登録カードを指定してください。', REQUEST_ERRORS.badToken);
}

export async function authorizeVt(engine: SandboxEngine, params: VtAuthorizeParams, mpi: MpiMode): Promise<RestAnswer> {
  const amount = Number(params.amount);
  const { card, saveCardTo } = cardSourceOf(params);
  const answer = await engine.authorize({
    orderId: params.orderId,
    amount,
    card,
    withCapture: params.withCapture === 'true',
    mpi,
    ...(params.redirectionUri ? { redirectionUri: params.redirectionUri } : {}),
    ...(saveCardTo ? { saveCardTo } : {}),
  });
  return replyOf(answer, amount, saveCardTo);
}

export async function reauthorizeVt(engine: SandboxEngine, params: VtReAuthorizeParams): Promise<RestAnswer> {
  const amount = Number(params.amount);
  return replyOf(
    await engine.reauthorize({ orderId: params.orderId, originalOrderId: params.originalOrderId, amount }),
    amount,
  );
}

function orderInfoOf(state: OrderState): VtOrderInfo[] {
  if (state.status === 'not_found') return [];
  return [
    {
      orderId: state.orderId,
      serviceTypeCd: 'card',
      orderStatus: state.status,
      amount: String(state.amount),
      capturedAmount: String(state.capturedAmount),
      refundedAmount: String(state.refundedAmount),
      vResultCode: state.codes?.vResultCode ?? '',
      mstatus: state.codes?.mstatus ?? '',
    },
  ];
}

export async function cancelVt(engine: SandboxEngine, params: VtCancelParams): Promise<RestAnswer> {
  const state = await engine.cancel(params.orderId, params.amount === undefined ? undefined : Number(params.amount));
  return {
    reply: {
      result: {
        ...CODES.canceled,
        merchMsg: CODES.canceled.message,
        orderId: params.orderId,
        orderInfos: { orderInfo: orderInfoOf(state) },
      },
    },
    answerLost: false,
  };
}

export async function searchVt(engine: SandboxEngine, params: VtSearchParams): Promise<RestAnswer> {
  const state = await engine.search(params.searchParameters.common.orderId);
  return {
    reply: {
      result: { vResultCode: 'N001000000000000', mstatus: 'success', orderInfos: { orderInfo: orderInfoOf(state) } },
    },
    answerLost: false,
  };
}

export type CardAction = 'add' | 'get' | 'delete' | 'update';

export async function cardInfoVt(engine: SandboxEngine, action: CardAction, params: VtCardParams): Promise<RestAnswer> {
  const { token, accountParam } = params.payNowIdParam;
  const { accountId } = accountParam;
  const cardId = accountParam.cardParam?.cardId;
  const needCard = () =>
    cardId ??
    (() => {
      throw new ProviderRequestError('カードIDを指定してください。', REQUEST_ERRORS.cardNotFound);
    })();
  let cards: StoredCard[];
  if (action === 'add') {
    if (!token) throw new ProviderRequestError('カードトークンを指定してください。', REQUEST_ERRORS.badToken);
    cards = [await engine.addCard(accountId, token, accountParam.cardParam?.defaultCard === '1')];
  } else if (action === 'delete') {
    await engine.deleteCard(accountId, needCard());
    cards = [];
  } else if (action === 'update') {
    cards = await engine.setDefaultCard(accountId, needCard());
  } else {
    cards = await engine.listCards(accountId);
  }
  return {
    reply: {
      result: {
        vResultCode: 'X001000000000000',
        mstatus: 'success',
        payNowIdResponse: { account: { accountId, cardInfo: cards.map(cardInfoOf) } },
      },
    },
    answerLost: false,
  };
}
