import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { CharacterFault, ImportError } from '@talkwith/proto/catalog';

/** What an admin call's error body may carry (services/catalog/API.md): the message, the field at fault, validator faults, references. */
export interface ServerError {
  message: string;
  code: string | null;
  field: string | null;
  faults: CharacterFault[];
  references: unknown[];
  /** Where an imported file differs from the schema (400 IMPORT_INVALID). */
  errors: ImportError[];
  status: number | string | null;
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  field?: unknown;
  faults?: unknown;
  references?: unknown;
  errors?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Reads an error body ({ok:false, message, code, field?, faults?, references?}); anything else becomes the fallback message. */
export function serverErrorOf(
  error: FetchBaseQueryError | SerializedError | undefined | null,
  fallback: string,
): ServerError | null {
  if (!error) return null;
  const status = 'status' in error ? error.status : null;
  const body: ErrorBody = 'status' in error && isRecord(error.data) ? error.data : {};
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  return {
    message: text(body.message) ?? ('message' in error ? text(error.message) : null) ?? fallback,
    code: text(body.code),
    field: text(body.field),
    faults: Array.isArray(body.faults)
      ? body.faults.filter((f): f is CharacterFault => isRecord(f) && typeof f.message === 'string')
      : [],
    references: Array.isArray(body.references) ? body.references : [],
    errors: Array.isArray(body.errors)
      ? body.errors.filter(
          (e): e is ImportError => isRecord(e) && typeof e.path === 'string' && typeof e.message === 'string',
        )
      : [],
    status,
  };
}

/** Splits a server error into the field it names (shown beside that input) and the rest (shown at the top of the form). */
export function placeServerError(
  error: ServerError | null,
  fields: readonly string[],
): { fieldErrors: Record<string, string>; topError: string | null } {
  if (!error) return { fieldErrors: {}, topError: null };
  if (error.field && fields.includes(error.field))
    return { fieldErrors: { [error.field]: error.message }, topError: null };
  return { fieldErrors: {}, topError: error.message };
}
