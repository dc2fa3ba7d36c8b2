import { AppError, errorCatalogue, isAppError } from '@talkwith/platform';

/**
 * The billing service's own error codes (API.md) and the status each answers,
 * decided here once: domain code throws `billingError(code, message)` and
 * never picks an HTTP status. The platform's codes (VALIDATION_FAILED,
 * NOT_FOUND, CONFLICT, …) keep the platform's statuses.
 */
export const billingError = errorCatalogue({
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_UNAVAILABLE: 409,
  PURCHASE_STATE: 409,
  SUBSCRIPTION_STATE: 409,
  ALREADY_OWNED: 409,
  CARD_NOT_FOUND: 404,
  CARD_IN_USE: 409,
  PAYMENT_DECLINED: 402,
  /** Accepted, the provider's verdict still to come (a 3-D Secure step). */
  PAYMENT_PENDING: 202,
  PAYMENT_UNKNOWN: 503,
  SPENDING_CAP: 403,
  /** A spend or an operator's cancel beyond the balance; a customer's points use answers 402 (paymentRequiredWhenShort). */
  INSUFFICIENT_TICKETS: 409,
  INSUFFICIENT_POINTS: 409,
});

/**
 * POST /api/points/use: a customer's short balance answers 402 (payment
 * required: buy points), where an operator's cancel answers 409 for the same
 * code and message. For the route, after the domain call.
 */
export function paymentRequiredWhenShort(err: unknown): never {
  if (isAppError(err) && err.code === 'INSUFFICIENT_POINTS') throw new AppError(err.code, err.message, { status: 402 });
  throw err;
}
