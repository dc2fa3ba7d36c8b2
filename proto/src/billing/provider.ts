import { Type, type Static, type TSchema } from '@sinclair/typebox';

/*
 * The provider area's HTTP bodies and replies (services/billing/API.md §
 * Provider port). Only the sandbox is served by billing; its shapes follow
 * VeriTrans4G's (MDK token API, REST "params" + "authHash") so that the real
 * adapter's tests run against it.
 */

// ── The sandbox token endpoint (what the browser posts the card to) ──

export const SandboxTokenBody = Type.Object(
  {
    card_number: Type.String({ minLength: 12, maxLength: 23, pattern: '^[0-9 -]+$' }),
    card_expire: Type.String({ pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$', description: 'MM/YY' }),
    security_code: Type.String({ pattern: '^[0-9]{3,4}$' }),
    token_api_key: Type.String({ minLength: 1, maxLength: 64 }),
    lang: Type.Optional(Type.Union([Type.Literal('ja'), Type.Literal('en')])),
  },
  { additionalProperties: false },
);
export type SandboxTokenBody = Static<typeof SandboxTokenBody>;

export const SandboxTokenReply = Type.Object({
  token: Type.String(),
  /** ISO-8601: the token is refused after it. */
  token_expire_date: Type.String(),
  req_card_number: Type.String({ description: 'the card number masked: ************1111' }),
  status: Type.Literal('success'),
  code: Type.String(),
  message: Type.String(),
});
export type SandboxTokenReply = Static<typeof SandboxTokenReply>;

export const SandboxTokenFailure = Type.Object({
  status: Type.Literal('failure'),
  code: Type.String(),
  message: Type.String(),
});
export type SandboxTokenFailure = Static<typeof SandboxTokenFailure>;

// ── The sandbox 3-D Secure challenge page ──

export const SandboxChallengeParams = Type.Object({
  order_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type SandboxChallengeParams = Static<typeof SandboxChallengeParams>;

/** The page's form (application/x-www-form-urlencoded): which button the shopper pressed. */
export const SandboxChallengeBody = Type.Object(
  { result: Type.Union([Type.Literal('pass'), Type.Literal('fail')]) },
  { additionalProperties: false },
);
export type SandboxChallengeBody = Static<typeof SandboxChallengeBody>;

export const HtmlPage = Type.String({ description: 'text/html' });

// ── VeriTrans4G-shaped REST (served by the sandbox; sent by the real adapter) ──

const Id = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
const Digits = Type.String({ minLength: 1, maxLength: 12, pattern: '^[0-9]+$' });
const Common = {
  txnVersion: Type.String({ maxLength: 16 }),
  dummyRequest: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  merchantCcid: Type.String({ minLength: 1, maxLength: 64 }),
};
const Account = <T extends TSchema>(card: T) =>
  Type.Object({ accountId: Id, cardParam: card }, { additionalProperties: false });

/** Every REST request: the params, and authHash = SHA-256 hex of merchantCcid + minified params + secret key. */
export const VtEnvelope = <T extends TSchema>(params: T) =>
  Type.Object(
    {
      params,
      authHash: Type.String({ minLength: 64, maxLength: 64, pattern: '^[0-9a-f]+$' }),
    },
    { additionalProperties: false },
  );

export const VtAuthorizeParams = Type.Object(
  {
    orderId: Id,
    amount: Digits,
    jpo: Type.Optional(Type.String({ maxLength: 8 })),
    withCapture: Type.Union([Type.Literal('true'), Type.Literal('false')]),
    serviceOptionType: Type.Optional(
      Type.Union([Type.Literal('mpi-complete'), Type.Literal('mpi-merchant'), Type.Literal('mpi-none')]),
    ),
    redirectionUri: Type.Optional(Type.String({ maxLength: 2048 })),
    payNowIdParam: Type.Object(
      {
        token: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        accountParam: Type.Optional(
          Account(Type.Optional(Type.Object({ cardId: Type.Optional(Id) }, { additionalProperties: false }))),
        ),
      },
      { additionalProperties: false },
    ),
    ...Common,
  },
  { additionalProperties: false },
);
export type VtAuthorizeParams = Static<typeof VtAuthorizeParams>;

export const VtCancelParams = Type.Object(
  { orderId: Id, amount: Type.Optional(Digits), ...Common },
  { additionalProperties: false },
);
export type VtCancelParams = Static<typeof VtCancelParams>;

export const VtReAuthorizeParams = Type.Object(
  {
    orderId: Id,
    originalOrderId: Id,
    amount: Digits,
    withCapture: Type.Union([Type.Literal('true'), Type.Literal('false')]),
    ...Common,
  },
  { additionalProperties: false },
);
export type VtReAuthorizeParams = Static<typeof VtReAuthorizeParams>;

export const VtSearchParams = Type.Object(
  {
    searchParameters: Type.Object(
      { common: Type.Object({ orderId: Id }, { additionalProperties: false }) },
      { additionalProperties: false },
    ),
    ...Common,
  },
  { additionalProperties: false },
);
export type VtSearchParams = Static<typeof VtSearchParams>;

export const VtCardParams = Type.Object(
  {
    payNowIdParam: Type.Object(
      {
        token: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        accountParam: Account(
          Type.Optional(
            Type.Object(
              {
                cardId: Type.Optional(Id),
                defaultCard: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
              },
              { additionalProperties: false },
            ),
          ),
        ),
      },
      { additionalProperties: false },
    ),
    ...Common,
  },
  { additionalProperties: false },
);
export type VtCardParams = Static<typeof VtCardParams>;

export const VtCardInfo = Type.Object({
  cardId: Type.String(),
  cardNumber: Type.String(),
  cardExpire: Type.String(),
  defaultCard: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  /** Not in VeriTrans4G's answer (its masked number keeps the first digits); the sandbox names the brand. */
  cardBrand: Type.Optional(Type.String()),
});
export type VtCardInfo = Static<typeof VtCardInfo>;

export const VtOrderInfo = Type.Object({
  orderId: Type.String(),
  serviceTypeCd: Type.String(),
  orderStatus: Type.Union([
    Type.Literal('challenge'),
    Type.Literal('pending'),
    Type.Literal('success'),
    Type.Literal('failure'),
    Type.Literal('canceled'),
  ]),
  amount: Type.String(),
  capturedAmount: Type.String(),
  refundedAmount: Type.String(),
  vResultCode: Type.String(),
  mstatus: Type.String(),
});
export type VtOrderInfo = Static<typeof VtOrderInfo>;

/** Every REST answer: `result` with the code and status, plus what the call returns. */
export const VtReply = Type.Object({
  result: Type.Object({
    vResultCode: Type.String(),
    mstatus: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('pending')]),
    merchMsg: Type.Optional(Type.String()),
    orderId: Type.Optional(Type.String()),
    reqAmount: Type.Optional(Type.String()),
    /** 3-D Secure: the HTML the shopper's browser is shown (it leads to the card issuer's page). */
    resResponseContents: Type.Optional(Type.String()),
    orderInfos: Type.Optional(Type.Object({ orderInfo: Type.Array(VtOrderInfo, { maxItems: 10 }) })),
    payNowIdResponse: Type.Optional(
      Type.Object({
        account: Type.Object({ accountId: Type.String(), cardInfo: Type.Array(VtCardInfo, { maxItems: 100 }) }),
      }),
    ),
  }),
});
export type VtReply = Static<typeof VtReply>;

// ── Where the browser gets a card token (whichever provider takes the cards) ──

/** GET /api/payment/token_endpoint: the provider's token API the card form posts to, and its public key. */
export const TokenEndpointReply = Type.Object({
  ok: Type.Literal(true),
  url: Type.String({ description: 'absolute, or a path on this origin for the sandbox' }),
  token_api_key: Type.String({ description: 'the public token API key (not a secret: the browser sends it)' }),
});
export type TokenEndpointReply = Static<typeof TokenEndpointReply>;
