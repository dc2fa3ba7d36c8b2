import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@talkwith/platform';

/**
 * Every environment variable only billing reads (ServiceModule.configSchema:
 * validated at start, listed in .env.example). Money settings have safe
 * defaults: with nothing set, the sandbox takes the cards.
 */
export const BillingConfig = Type.Object({
  PAYMENT_PROVIDER: Type.Union([Type.Literal('sandbox'), Type.Literal('veritrans')], { default: 'sandbox', description: 'sandbox: the built-in stand-in for the card provider (test cards, 3-D Secure page); veritrans: VeriTrans4G' }),
  VERITRANS_URL: Type.String({ pattern: '^https?://\\S+$', default: 'https://api.veritrans.co.jp:443', description: 'VeriTrans4G API origin' }),
  VERITRANS_MERCHANT_CCID: Type.Optional(Type.String({ minLength: 1, description: 'VeriTrans4G merchant CCID (required with PAYMENT_PROVIDER=veritrans)' })),
  VERITRANS_SECRET_KEY: Type.Optional(Type.String({ minLength: 1, description: 'VeriTrans4G merchant secret key: signs authHash; never logged or returned' })),
  VERITRANS_TOKEN_URL: Type.String({ pattern: '^https?://\\S+$', default: 'https://api.veritrans.co.jp/4gtoken', description: 'where the browser posts the card for a token (the provider\'s host)' }),
  VERITRANS_TOKEN_API_KEY: Type.Optional(Type.String({ minLength: 1, description: 'VeriTrans4G token API key (public: the browser sends it)' })),
  PAYMENT_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 30_000, description: 'time limit of one call to the card provider; past it the outcome is unknown and the order is searched, never charged again' }),
  SANDBOX_PENDING_MS: Type.Integer({ minimum: 0, default: 5000, description: 'sandbox: how long a pending test card stays pending before a search settles it' }),
  TICKET_EXPIRY_MONTHS: Type.Integer({ minimum: 1, maximum: 120, default: 3, description: 'talk tickets expire this many months after grant (SPEC.md §9)' }),
  POINTS_EXPIRY_MONTHS: Type.Integer({ minimum: 1, maximum: 120, default: 6, description: 'points expire this many months after grant (SPEC.md §9 "6", read as months)' }),
  LOGIN_BONUS_POINTS: Type.Integer({ minimum: 0, maximum: 100_000, default: 10, description: 'points of the daily login bonus (LB0001, once per Japan day; 0 turns it off)' }),
  RECONCILE_EVERY_MS: Type.Integer({ minimum: 1000, default: 60_000, description: 'how often purchases with an unknown or pending outcome are searched at the provider and settled' }),
  RENEW_SWEEP_MS: Type.Integer({ minimum: 1000, default: 60_000, description: 'how often subscriptions past their period end are renewed' }),
  RENEW_RETRY_MS: Type.String({ pattern: '^\\d+(,\\d+)*$', default: '3600000,21600000,86400000', description: 'waits before retrying a failed renewal charge, comma-separated ms; after the last, the subscription finishes' }),
  EXPIRY_SWEEP_MS: Type.Integer({ minimum: 1000, default: 300_000, description: 'how often expired ticket and point lots are written off (and lots about to expire are reminded)' }),
  TICKET_REMINDER_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 7, description: 'a lot with unused talk tickets is reminded once (ticket.expiring) when it expires within this many days' }),
});
export type BillingConfig = Static<typeof BillingConfig>;

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  return loadConfig(BillingConfig, env);
}
