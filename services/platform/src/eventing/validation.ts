import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { EventEnvelope, eventCatalogue, type EventDefinition } from '@talkwith/proto';

// TypeBox checks `format` only for registered formats (an unknown one fails
// every value), and the catalogue uses these. Registered once, if nobody did.
const formats: Record<string, (value: string) => boolean> = {
  'date-time': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v)),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => URL.canParse(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
};
for (const [name, check] of Object.entries(formats)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
}

const compiled = new Map<TSchema, TypeCheck<TSchema>>();
function checker(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

/** First problem of `value` against `schema`, or null when it is valid. */
function firstProblem(schema: TSchema, value: unknown): string | null {
  const check = checker(schema);
  if (check.Check(value)) return null;
  const error = check.Errors(value).First();
  return error ? `${error.path || '/'}: ${error.message}` : 'invalid';
}

export function definitionOf(type: string): EventDefinition | null {
  return eventCatalogue[type] ?? null;
}

/** Why `data` is not valid for `type` (unknown type included), or null. */
export function dataProblem(type: string, data: unknown): string | null {
  const definition = definitionOf(type);
  if (!definition) return `unknown event type ${type}`;
  const problem = firstProblem(definition.data, data);
  return problem ? `data of ${type} is invalid at ${problem}` : null;
}

/** Why an incoming envelope is unusable, or null. */
export function envelopeProblem(envelope: unknown): string | null {
  const problem = firstProblem(EventEnvelope, envelope);
  if (problem) return `malformed envelope at ${problem}`;
  const { type, data } = envelope as { type: string; data: unknown };
  return dataProblem(type, data);
}
