import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { loggingErrors } from '../errors.ts';

type AjvError = { keyword: string; instancePath: string; params: Record<string, unknown> };
type AjvValidate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
/** Fastify's custom-validator shape: true, false (then `errors`), or an error of our own. */
type Check = ((data: unknown) => boolean | { error: Error }) & { errors?: AjvError[] | null };

/**
 * The logging routes refuse what they do not know instead of dropping it.
 * Fastify's default Ajv removes properties a schema does not list
 * (removeAdditional), so a filter by a misspelt or unsupported field used to
 * answer every log. This scope (the logging plugin only; other services keep
 * the default) compiles its schemas with removeAdditional off, and an unknown
 * field answers 400 VALIDATION_FAILED naming it.
 */
export function refuseUnknownFields(app: FastifyInstance): void {
  const build = AjvCompiler()({}, { customOptions: { removeAdditional: false } }) as (route: unknown) => AjvValidate;
  const compiler: FastifySchemaCompiler<unknown> = (route) => {
    const validate = build(route);
    const check: Check = (data: unknown) => {
      const ok = validate(data);
      check.errors = validate.errors;
      if (ok) return true;
      const first = validate.errors?.[0];
      if (first?.keyword !== 'additionalProperties') return false;
      const field = [
        first.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        String(first.params.additionalProperty),
      ]
        .filter(Boolean)
        .join('.');
      return { error: loggingErrors.invalidField(field) };
    };
    return check as ReturnType<FastifySchemaCompiler<unknown>>;
  };
  app.setValidatorCompiler(compiler);
}
