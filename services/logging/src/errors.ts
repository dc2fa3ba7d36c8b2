import { errorCatalogue } from '@talkwith/platform';
import { messages } from '@talkwith/platform/http';

/**
 * The logging service's refusals (API.md): only the platform's codes, so the
 * catalogue adds none; each is defined here once, its status following from the code.
 */
const fail = errorCatalogue({});

export const loggingErrors = {
  /** A field the filter, export, summary or strict validation refuses, in the platform's wording. */
  invalidField: (field: string) => fail('VALIDATION_FAILED', messages.validation(field), { field }),
};
