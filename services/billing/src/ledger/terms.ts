import type { BillingConfig } from '../config.ts';

/** The ledger's configured terms (BillingConfig), with SPEC.md §9's values until the area is prepared. */
export interface LedgerTerms {
  ticketExpiryMonths: number;
  pointsExpiryMonths: number;
  loginBonusPoints: number;
}

const terms: LedgerTerms = { ticketExpiryMonths: 3, pointsExpiryMonths: 6, loginBonusPoints: 10 };

/**
 * The grant functions other areas call have a fixed signature (API.md) with
 * no config argument, so the area's prepare() sets the configured terms here
 * once, before any route or job runs.
 */
export function setLedgerTerms(
  config: Pick<BillingConfig, 'TICKET_EXPIRY_MONTHS' | 'POINTS_EXPIRY_MONTHS' | 'LOGIN_BONUS_POINTS'>,
): void {
  terms.ticketExpiryMonths = config.TICKET_EXPIRY_MONTHS;
  terms.pointsExpiryMonths = config.POINTS_EXPIRY_MONTHS;
  terms.loginBonusPoints = config.LOGIN_BONUS_POINTS;
}

export function ledgerTerms(): Readonly<LedgerTerms> {
  return terms;
}
