import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { ADMIN_NS } from '../i18n.ts';

/** Field name (the first segment of the error path) → what is wrong with it, in the operator's language. */
export type FieldErrors = Record<string, string>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The one message per kind of schema error; the limits come from the schema itself, so the form says what the server would. */
function messageOf(error: ValueError, t: Translate): string {
  const schema = error.schema as { minLength?: number; maxLength?: number; minimum?: number; maximum?: number };
  switch (error.type) {
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? t('form.required') : t('form.minLength', { n: schema.minLength });
    case ValueErrorType.StringMaxLength:
      return t('form.maxLength', { n: schema.maxLength });
    case ValueErrorType.StringPattern:
      return t('form.pattern');
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return t('form.minimum', { n: schema.minimum });
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return t('form.maximum', { n: schema.maximum });
    case ValueErrorType.Integer:
    case ValueErrorType.Number:
      return t('form.number');
    default:
      return t('form.invalid');
  }
}

/**
 * Checks a form's value against the proto schema the server validates the
 * same body with (no hand-written rules), and names the first problem of each
 * field. Value.Errors rather than TypeCompiler: the page's CSP forbids eval.
 */
export function fieldErrorsOf(
  schema: TSchema,
  value: unknown,
  t: Translate,
  by: 'field' | 'path' = 'field',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const error of Value.Errors(schema, value)) {
    const field = by === 'path' ? error.path : (error.path.split('/')[1] ?? '');
    // A union (e.g. a nullable id) reports its own error after the member's: the first one is the clearer.
    if (!(field in errors)) errors[field] = messageOf(error, t);
  }
  return errors;
}

/** fieldErrorsOf with the console's texts (characters.form.*); by 'path' keys nested errors by their whole path (/startButtons/0/title). */
export function useSchemaErrors(): (schema: TSchema, value: unknown, by?: 'field' | 'path') => FieldErrors {
  const { t } = useTranslation(ADMIN_NS);
  return useCallback(
    (schema, value, by) =>
      fieldErrorsOf(schema, value, (key, options) => String(t(`characters.${key}`, options ?? {})), by),
    [t],
  );
}
