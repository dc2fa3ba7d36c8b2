import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

interface ErrorLikeBody {
  message?: unknown;
  error?: unknown;
  errorMessage?: unknown;
}

/**
 * SPEC.md §8: a failed call is described by the body's message or error
 * field (errorMessage for log-in), else by the HTTP status text.
 */
export function errorMessageOf(error: FetchBaseQueryError | SerializedError | undefined, fallback: string): string {
  if (!error) return fallback;
  if ('status' in error) {
    const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as ErrorLikeBody;
    for (const candidate of [body.errorMessage, body.message, body.error]) {
      if (typeof candidate === 'string' && candidate.length > 0) return candidate;
    }
    if (error.status === 'FETCH_ERROR' || error.status === 'PARSING_ERROR' || error.status === 'TIMEOUT_ERROR')
      return fallback;
    return fallback;
  }
  return error.message ?? fallback;
}

export function statusOf(error: FetchBaseQueryError | SerializedError | undefined): number | string | null {
  return error && 'status' in error ? error.status : null;
}
