import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, loadConfig } from '@talkwith/platform';

/**
 * Every environment variable only billing reads (ServiceModule.configSchema:
 * validated at start, listed in .env.example). Money settings have safe
 * defaults: with nothing set, the sandbox takes the cards.
 */
export const BillingConfig = Type.Object({
  PAYMENT_PROVIDER: Type.Union([Type.Literal('sandbox'), Type.Literal('veritrans')], {
    default: 'sandbox',
    description:
      'sandbox: the built-in stand-in for the card provider (test cards, 3-D Secure page); veritrans: VeriTrans4G',
  }),
  VERITRANS_URL: Type.String({
    pattern: '^https?://\\S+$',
    default: 'https://api.veritrans.co.jp:443',
    description: 'VeriTrans4G API origin',
  }),
  VERITRANS_MERCHANT_CCID: Type.Optional(
    Type.String({ minLength: 1, description: 'VeriTrans4G merchant CCID (required with PAYMENT_PROVIDER=veritrans)' }),
  ),
  VERITRANS_SECRET_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'VeriTrans4G merchant secret key: signs authHash; never logged or returned',
    }),
  ),
  VERITRANS_TOKEN_URL: Type.String({
    pattern: '^https?://\\S+$',
    default: 'https://api.veritrans.co.jp/4gtoken',
    description: "where the browser posts the card for a token (the provider's host)",
  }),
  VERITRANS_TOKEN_API_KEY: Type.Optional(
    Type.String({ minLength: 1, description: 'VeriTrans4G token API key (public: the browser sends it)' }),
  ),
  PAYMENT_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    default: 30_000,
    description:
      'time limit of one call to the card provider; past it the outcome is unknown and the order is searched, never charged again',
  }),
  SANDBOX_PENDING_MS: Type.Integer({
    minimum: 0,
    default: 5000,
    description: 'sandbox: how long a pending test card stays pending before a search settles it',
  }),
  TICKET_EXPIRY_MONTHS: Type.Integer({
    minimum: 1,
    maximum: 120,
    default: 3,
    description: 'talk tickets expire this many months after grant (SPEC.md §9)',
  }),
  POINTS_EXPIRY_MONTHS: Type.Integer({
    minimum: 1,
    maximum: 120,
    default: 6,
    description: 'points expire this many months after grant (SPEC.md §9 "6", read as months)',
  }),
  LOGIN_BONUS_POINTS: Type.Integer({
    minimum: 0,
    maximum: 100_000,
    default: 10,
    description: 'points of the daily login bonus (LB0001, once per Japan day; 0 turns it off)',
  }),
  RECONCILE_EVERY_MS: Type.Integer({
    minimum: 1000,
    default: 60_000,
    description: 'how often purchases with an unknown or pending outcome are searched at the provider and settled',
  }),
  RENEW_SWEEP_MS: Type.Integer({
    minimum: 1000,
    default: 60_000,
    description: 'how often subscriptions past their period end are renewed',
  }),
  RENEW_RETRY_MS: Type.String({
    pattern: '^\\d+(,\\d+)*$',
    default: '3600000,21600000,86400000',
    description:
      'waits before retrying a failed renewal charge, comma-separated ms; after the last, the subscription finishes',
  }),
  EXPIRY_SWEEP_MS: Type.Integer({
    minimum: 1000,
    default: 300_000,
    description: 'how often expired ticket and point lots are written off (and lots about to expire are reminded)',
  }),
  TICKET_REMINDER_DAYS: Type.Integer({
    minimum: 1,
    maximum: 90,
    default: 7,
    description:
      'a lot with unused talk tickets is reminded once (ticket.expiring) when it expires within this many days',
  }),
  MINOR_MONTHLY_CAP_UNDER_16: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 5000,
    description:
      'yen a customer under 16 (Japan time, from the date of birth at sign-up) may be charged in a Japan calendar month, refunds subtracted; 0 allows nothing',
  }),
  MINOR_MONTHLY_CAP_16_17: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 10_000,
    description:
      'yen a customer aged 16 or 17 may be charged in a Japan calendar month, refunds subtracted (not below MINOR_MONTHLY_CAP_UNDER_16)',
  }),
  RECEIPT_SELLER_NAME: Type.String({
    minLength: 1,
    maxLength: 100,
    default: 'TALK WITH 運営事務局',
    description: 'the seller named on receipts (領収書) and purchase mails',
  }),
  RECEIPT_SELLER_ADDRESS: Type.String({
    minLength: 1,
    maxLength: 200,
    default: 'ご請求があった場合に遅滞なく開示いたします。',
    description: "the seller's address on receipts",
  }),
  RECEIPT_SELLER_REGISTRATION_NUMBER: Type.Optional(
    Type.String({
      pattern: '^T\\d{13}$',
      description:
        'qualified invoice issuer registration number (適格請求書発行事業者登録番号, T + 13 digits) printed on receipts; unset: receipts print none',
    }),
  ),
});
export type BillingConfig = Static<typeof BillingConfig>;

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  const config = loadConfig(BillingConfig, env);
  if (config.MINOR_MONTHLY_CAP_16_17 < config.MINOR_MONTHLY_CAP_UNDER_16) {
    throw new ConfigError([
      'MINOR_MONTHLY_CAP_16_17: must not be below MINOR_MONTHLY_CAP_UNDER_16 (an older minor never gets a smaller cap)',
    ]);
  }
  return config;
}
