import { errorCatalogue } from '@talkwith/platform';

/**
 * The catalog service's own error codes (API.md) and the status each answers,
 * decided here once: domain code throws `catalogError(code, message)` and
 * never picks an HTTP status. The platform's codes (VALIDATION_FAILED,
 * NOT_FOUND, …) keep the platform's statuses.
 */
export const catalogError = errorCatalogue({
  BLOCK_UNLOCKED_BY_SERIAL: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IMAGE_TOO_LARGE: 400,
  TOO_MANY_UPLOADS: 429,
  VIDEO_REFERENCED: 409,
  INVALID_VTT: 400,
  VTT_TOO_DEEP: 400,
  IMPORT_INVALID: 400,
  BLOCK_LOCKED: 409,
  DANGLING_REFERENCE: 400,
  TESTS_LIMIT: 409,
  CHARACTER_TESTS_FAILED: 409,
  CHARACTER_INVALID: 409,
  COPY_COLLISION: 409,
  BLOCK_REFERENCED: 409,
  GROUP_NOT_EMPTY: 409,
  CATEGORY_NOT_EMPTY: 409,
});
