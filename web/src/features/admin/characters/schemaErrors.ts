import { useCallback } from 'react';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { useAdminTexts } from '../i18n.ts';
import type { AdminMessages } from '../messages.ts';

/** Field name (the first segment of the error path) → what is wrong with it, in the operator's language. */
export type FieldErrors = Record<string, string>;

/** The schema messages' keys: each form area (characters.form, taxonomy.form) words the same keys its own way. */
type FormMessage = keyof AdminMessages['characters']['form'] & keyof AdminMessages['taxonomy']['form'];
type Translate = (key: FormMessage, options?: { n?: number }) => string;

/** The one message per kind of schema error; the limits come from the schema itself, so the form says what the server would. */
function messageOf(error: ValueError, t: Translate): string {
  const schema = error.schema as { minLength?: number; maxLength?: number; minimum?: number; maximum?: number };
  switch (error.type) {
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? t('required') : t('minLength', { n: schema.minLength });
    case ValueErrorType.StringMaxLength:
      return t('maxLength', { n: schema.maxLength });
    case ValueErrorType.StringPattern:
      return t('pattern');
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return t('minimum', { n: schema.minimum });
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return t('maximum', { n: schema.maximum });
    case ValueErrorType.Integer:
    case ValueErrorType.Number:
      return t('number');
    default:
      return t('invalid');
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
  const { t } = useAdminTexts('characters.form');
  return useCallback(
    (schema, value, by) => fieldErrorsOf(schema, value, (key, options) => t(key, options ?? {}), by),
    [t],
  );
}
