import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSchema } from '@sinclair/typebox';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { refusalOf, useSchemaCheck, type FieldErrors, type Refusal } from './formSupport.ts';

interface Options<V, B> {
  initial: V;
  /** The request body the values make. */
  bodyOf: (values: V) => B;
  /** The proto schema the server checks that body with. */
  schema: TSchema;
  /** A rule the schema cannot say (e.g. a slug is needed when the name gives none). */
  extraErrors?: (body: B) => FieldErrors;
  onSubmit: (body: B) => Promise<unknown>;
  /** Empty the form after a success (a create form). */
  reset: boolean;
  /** Edits kept beside the values (the translations) that are not saved yet. */
  otherEdits: boolean;
}

/**
 * The state of a category or group form: values, checked against the schema
 * before sending; the server's refusal shown after; leaving with unsaved edits asks.
 */
export function useTaxonomyForm<V extends Record<string, string>, B>({
  initial,
  bodyOf,
  schema,
  extraErrors,
  onSubmit,
  reset,
  otherEdits,
}: Options<V, B>) {
  const { t: ta } = useTranslation(ADMIN_NS);
  const check = useSchemaCheck();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  useLeaveGuard(otherEdits || JSON.stringify(values) !== JSON.stringify(initial));
  const set = (field: keyof V) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const found = { ...extraErrors?.(body), ...check(schema, body) };
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(body);
      if (reset) setValues(initial);
    } catch (error) {
      const problem = refusalOf(error, ta('taxonomy.failed'));
      setRefusal(problem);
      if (problem.field) setErrors({ [problem.field]: problem.message });
    } finally {
      setBusy(false);
    }
  };
  return { values, set, errors, refusal, busy, submit: (event: FormEvent) => void submit(event) };
}
