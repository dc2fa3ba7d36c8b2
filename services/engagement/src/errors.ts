import { errorCatalogue } from '@talkwith/platform';

/**
 * The engagement service's own error codes (API.md) and the status each
 * answers, decided here once: domain code throws `engagementError(code,
 * message)` and never picks an HTTP status. The platform's codes
 * (VALIDATION_FAILED, NOT_FOUND, …) keep the platform's statuses.
 */
export const engagementError = errorCatalogue({
  DANGLING_REFERENCE: 400,
  SERIAL_NOT_FOUND: 404,
  SERIAL_DEBUG_ONLY: 403,
  SERIAL_NOT_YET: 409,
  SERIAL_EXPIRED: 409,
  SERIAL_ALREADY_UNLOCKED: 409,
  SERIAL_USED: 409,
  CAMPAIGN_CLOSED: 409,
  CAMPAIGN_ENTERED: 409,
});
