import { useCallback } from 'react';
import type { TSchema } from '@sinclair/typebox';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { fieldErrorsOf, type FieldErrors } from '../characters/schemaErrors.ts';
import { useAdminTexts } from '../i18n.ts';

export type { FieldErrors };

/** Checks a form body against the proto schema the server checks it with; messages from taxonomy.form.*. */
export function useSchemaCheck(): (schema: TSchema, value: unknown) => FieldErrors {
  const { t } = useAdminTexts('taxonomy.form');
  return useCallback((schema, value) => fieldErrorsOf(schema, value, (key, options) => t(key, options ?? {})), [t]);
}

/** '' → absent; anything else a number (a non-integer is then refused by the schema, as by the server). */
export const optionalNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** What a refused admin call says: its message, the field at fault, and the entries that block a delete (groups or characters). */
export interface Refusal {
  message: string;
  field: string | null;
  blockers: Array<{ id: string; name: string }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isEntry = (value: unknown): value is { id: string; name: string } =>
  isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';

export function refusalOf(error: unknown, fallback: string): Refusal {
  const failure = error as FetchBaseQueryError | SerializedError;
  const body = isRecord(failure) && 'data' in failure && isRecord(failure.data) ? failure.data : {};
  const list = Array.isArray(body.groups) ? body.groups : Array.isArray(body.characters) ? body.characters : [];
  return {
    message: typeof body.message === 'string' && body.message ? body.message : fallback,
    field: typeof body.field === 'string' ? body.field : null,
    blockers: list.filter(isEntry),
  };
}
