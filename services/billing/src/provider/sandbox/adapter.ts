/** The sandbox as a PaymentProvider, calling the engine in-process. */
import {
  ProviderTimeoutError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type OrderState,
  type PaymentProvider,
  type StoredCard,
} from '../port.ts';
import type { EngineAnswer, SandboxEngine } from './engine.ts';
import { SANDBOX_TOKEN_API_KEY } from './tokens.ts';

/** The time-out card: the charge is made, then the answer is lost on the way back. */
function delivered(answer: EngineAnswer): AuthorizeResult {
  if (answer.answerLost) throw new ProviderTimeoutError(answer.result.orderId);
  return answer.result;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly engine: SandboxEngine;
  constructor(engine: SandboxEngine) {
    this.engine = engine;
  }

  tokenEndpoint(): { url: string; tokenApiKey: string } {
    return { url: `${this.engine.publicUrl}/api/payment/sandbox/tokens`, tokenApiKey: SANDBOX_TOKEN_API_KEY };
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    return delivered(await this.engine.authorize(request));
  }

  async completeChallenge(orderId: string): Promise<AuthorizeResult> {
    return this.engine.completeChallenge(orderId);
  }

  async cancel(orderId: string, amount?: number): Promise<OrderState> {
    return this.engine.cancel(orderId, amount);
  }

  async reauthorize(request: { orderId: string; originalOrderId: string; amount: number }): Promise<AuthorizeResult> {
    return delivered(await this.engine.reauthorize(request));
  }

  async search(orderId: string): Promise<OrderState> {
    return this.engine.search(orderId);
  }

  async addCard(accountId: string, token: string, makeDefault?: boolean): Promise<StoredCard> {
    return this.engine.addCard(accountId, token, makeDefault);
  }

  async listCards(accountId: string): Promise<StoredCard[]> {
    return this.engine.listCards(accountId);
  }

  async deleteCard(accountId: string, cardId: string): Promise<void> {
    await this.engine.deleteCard(accountId, cardId);
  }

  async setDefaultCard(accountId: string, cardId: string): Promise<StoredCard[]> {
    return this.engine.setDefaultCard(accountId, cardId);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
