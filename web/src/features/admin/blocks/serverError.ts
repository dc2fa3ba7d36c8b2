import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** An admin call's error body ({ok:false, message, code, field?, references?}) made safe to show. */
export interface ServerError {
  message: string;
  code: string | null;
  field: string | null;
  /** Who still refers to a block that could not be deleted (409 BLOCK_REFERENCED). */
  references: Array<{ kind?: string; id?: string; field?: string }>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export function serverErrorOf(
  error: FetchBaseQueryError | SerializedError | undefined,
  fallback: string,
): ServerError | null {
  if (!error) return null;
  const body = 'status' in error && isRecord(error.data) ? error.data : {};
  return {
    message: text(body.message) ?? fallback,
    code: text(body.code),
    field: text(body.field),
    references: Array.isArray(body.references) ? body.references.filter(isRecord) : [],
  };
}
