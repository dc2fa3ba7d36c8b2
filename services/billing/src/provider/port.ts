/**
 * The card payment provider port (VeriTrans4G, or the sandbox that behaves
 * like it). API.md § Provider port.
 *
 * The provider has no idempotency-key header: the merchant `orderId` is the
 * key. It is unique per order and never re-issued for the same purchase; when
 * an answer is lost (ProviderTimeoutError) or `pending`, the caller searches
 * by the same orderId and settles from what the provider says.
 */

/** 3-D Secure service options of VeriTrans4G's MPI (SPEC.md payment flow routes). */
export type MpiMode = 'mpi-complete' | 'mpi-merchant' | 'mpi-none';

/** Either a one-time token from the browser, or a card kept at the provider. */
export type CardSource = { kind: 'token'; token: string } | { kind: 'stored'; accountId: string; cardId: string };

export interface AuthorizeRequest {
  /** The merchant order id: [A-Za-z0-9_-]{1,100}, unique per order. */
  orderId: string;
  /** Yen, > 0. */
  amount: number;
  card: CardSource;
  /** Capture together with the authorisation (digital goods: always true). */
  withCapture: boolean;
  /** `mpi-none` only for stored cards (recurring, saved-card purchases). */
  mpi: MpiMode;
  /** Where the challenge page sends the browser back (our /payment/process/mpi_complete?order_id=...). */
  redirectionUri?: string;
  /** Keep the token's card at the provider under this account (card registration at purchase). */
  saveCardTo?: string;
}

/** The provider's own result code, kept on the purchase for operators (e.g. `A001000000000000`). */
export interface ProviderCodes {
  vResultCode: string;
  mstatus: 'success' | 'failure' | 'pending';
  message?: string;
}

export type AuthorizeResult =
  | ({ status: 'success'; orderId: string; capturedAmount: number; savedCard?: StoredCard } & { codes: ProviderCodes })
  | ({ status: 'failure'; orderId: string } & { codes: ProviderCodes })
  /** Outcome not known yet: search by orderId later (never charge with a new orderId). */
  | ({ status: 'pending'; orderId: string } & { codes: ProviderCodes })
  /** 3-D Secure needs the shopper: send the browser to `challengeUrl`; completeChallenge() after it returns. */
  | ({ status: 'challenge'; orderId: string; challengeUrl: string } & { codes: ProviderCodes });

/** What the provider knows of one order (search by orderId). */
export interface OrderState {
  orderId: string;
  status: 'not_found' | 'challenge' | 'pending' | 'success' | 'failure' | 'canceled';
  amount: number;
  /** Yen captured and not refunded. */
  capturedAmount: number;
  /** Yen refunded so far (cancel, cancel with a smaller amount). */
  refundedAmount: number;
  codes?: ProviderCodes;
}

export interface StoredCard {
  cardId: string;
  /** e.g. `************1111`. */
  maskedNumber: string;
  /** MM/YY. */
  expiry: string;
  brand: string;
  isDefault: boolean;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'veritrans';
  /** Where the browser posts the card for a one-time token (the provider's own host) and the public key it sends. */
  tokenEndpoint(): { url: string; tokenApiKey: string };
  /** Authorise (and capture) one order. Rejects ProviderTimeoutError when the answer is lost. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** After the browser returns from the challenge page: the 3-D Secure result and, when it passed, the charge. */
  completeChallenge(orderId: string): Promise<AuthorizeResult>;
  /** Refund `amount` (default: all that is captured). Idempotent per (orderId, amount already refunded). */
  cancel(orderId: string, amount?: number): Promise<OrderState>;
  /** Charge a new order with the card of an earlier one (VeriTrans4G ReAuthorize). */
  reauthorize(request: { orderId: string; originalOrderId: string; amount: number }): Promise<AuthorizeResult>;
  search(orderId: string): Promise<OrderState>;
  /** Card membership: cards kept at the provider under our account id (never their numbers here). */
  addCard(accountId: string, token: string, makeDefault?: boolean): Promise<StoredCard>;
  listCards(accountId: string): Promise<StoredCard[]>;
  deleteCard(accountId: string, cardId: string): Promise<void>;
  setDefaultCard(accountId: string, cardId: string): Promise<StoredCard[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The provider did not answer in time: the order may or may not exist there. Search by its orderId. */
export class ProviderTimeoutError extends Error {
  readonly code = 'PROVIDER_TIMEOUT';
  readonly orderId: string;
  constructor(orderId: string, cause?: unknown) {
    super(`card provider did not answer in time for order ${orderId}`, { cause });
    this.name = 'ProviderTimeoutError';
    this.orderId = orderId;
  }
}

/** The provider refused the request itself (bad token, unknown card): not a decline of a valid charge. */
export class ProviderRequestError extends Error {
  readonly code = 'PROVIDER_REQUEST';
  readonly vResultCode: string | undefined;
  constructor(message: string, vResultCode?: string) {
    super(message);
    this.name = 'ProviderRequestError';
    this.vResultCode = vResultCode;
  }
}
