import type { EngineInput, PublicCharacter as Character } from '@talkwith/proto/dialogue';
import type { SchemaShape as Schema } from './schema-shape.ts';
import { ENGINE_INPUT_SHAPE, PUBLIC_CHARACTER_SHAPE } from './schemas.generated.ts';

/**
 * What the engine is handed is checked against the proto schemas before it is
 * used, so a stored document from an older version, a host bug or a stale tab
 * can never make it throw. The schemas are read as plain JSON Schema, from a
 * generated copy (schemas.generated.ts, scripts/gen-engine-schemas.ts): the
 * engine runs in the player, whose chunk should carry no TypeBox. A missing field
 * takes its schema default, as the schemas intend; anything else that does
 * not fit (a list that is not a list, an element that is not an object or has
 * no id, a value of the wrong type) is repaired the same way or left out, and
 * its path is reported.
 */

const INVALID = Symbol('invalid');
type Checked = unknown;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function conform(schema: Schema, value: unknown, path: string, issues: string[]): Checked {
  if (schema.anyOf) return conformUnion(schema.anyOf, value, path, issues);
  if ('const' in schema) return value === schema.const ? value : INVALID;
  switch (schema.type) {
    case 'object':
      return isRecord(value) ? conformObject(schema, value, path, issues) : INVALID;
    case 'array':
      return Array.isArray(value) ? conformArray(schema.items ?? {}, value, path, issues) : INVALID;
    case 'string':
      return typeof value === 'string' ? value : INVALID;
    case 'integer':
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : INVALID;
    case 'boolean':
      return typeof value === 'boolean' ? value : INVALID;
    case 'null':
      return value === null ? value : INVALID;
    default:
      return value;
  }
}

/** The first option the value fits as it is; else the first one it fits once repaired. */
function conformUnion(options: Schema[], value: unknown, path: string, issues: string[]): Checked {
  let repaired: { value: Checked; issues: string[] } | undefined;
  for (const option of options) {
    const local: string[] = [];
    const result = conform(option, value, path, local);
    if (result === INVALID) continue;
    if (local.length === 0) return result;
    repaired ??= { value: result, issues: local };
  }
  if (!repaired) return INVALID;
  issues.push(...repaired.issues);
  return repaired.value;
}

/** Elements that cannot be repaired are left out (and reported); the list is copied only when something changed. */
function conformArray(items: Schema, value: unknown[], path: string, issues: string[]): Checked {
  let out: unknown[] | undefined;
  value.forEach((item, i) => {
    const result = conform(items, item, `${path}[${i}]`, issues);
    if (result === item) {
      out?.push(item);
      return;
    }
    out ??= value.slice(0, i);
    if (result === INVALID) issues.push(`${path}[${i}]`);
    else out.push(result);
  });
  return out ?? value;
}

/** The value a field takes when it is missing or unusable: its default, else the empty value of its type; an id has none. */
function fallback(schema: Schema, key: string): Checked {
  if ('default' in schema) return structuredClone(schema.default);
  if (key === 'id') return INVALID;
  if (schema.anyOf) return schema.anyOf.some((o) => o.type === 'null') ? null : INVALID;
  switch (schema.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return conform(schema, {}, '', []);
    default:
      return INVALID;
  }
}

function conformObject(schema: Schema, value: Record<string, unknown>, path: string, issues: string[]): Checked {
  let out: Record<string, unknown> | undefined;
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const current = value[key];
    const optional = !(schema.required ?? []).includes(key) && !('default' in prop);
    if (current === undefined && optional) continue;
    let next = current === undefined ? INVALID : conform(prop, current, `${path}.${key}`, issues);
    if (next === INVALID && optional) {
      issues.push(`${path}.${key}`);
      out ??= { ...value };
      delete out[key];
      continue;
    }
    if (next === INVALID) {
      next = fallback(prop, key);
      if (next === INVALID) return INVALID;
      // A missing field with a default is simply that default; anything else was broken.
      if (current !== undefined || !('default' in prop)) issues.push(`${path}.${key}`);
    }
    if (next !== current) {
      out ??= { ...value };
      out[key] = next;
    }
  }
  return out ?? value;
}

export interface Intake {
  /** the character as the engine may use it (the input itself when nothing had to change). */
  character: Character;
  /** paths of what was broken and repaired or left out, e.g. `character.blocks[2].hit_words`. */
  issues: string[];
}

/** The character as the engine may use it, whatever it was handed. Not an object: a character with nothing in it. */
export function intakeCharacter(input: unknown): Intake {
  const issues: string[] = [];
  const source = isRecord(input) ? input : { id: '' };
  if (!isRecord(input)) issues.push('character');
  else if (typeof input.id !== 'string') issues.push('character.id');
  const checked = conform(
    PUBLIC_CHARACTER_SHAPE,
    typeof source.id === 'string' ? source : { ...source, id: '' },
    'character',
    isRecord(input) ? issues : [],
  );
  // The top level has a fallback for every field, so this never happens; an empty character stands in if it ever did.
  const character = (checked === INVALID ? conform(PUBLIC_CHARACTER_SHAPE, { id: '' }, '', []) : checked) as Character;
  return { character, issues };
}

const INPUT_SCHEMAS = new Map((ENGINE_INPUT_SHAPE.anyOf ?? []).map((s) => [s.properties?.type?.const, s]));

/** Whether the input is one of EngineInput exactly (a switchCharacter's character goes through intakeCharacter instead). */
export function isEngineInput(input: unknown): input is EngineInput {
  if (!isRecord(input) || typeof input.type !== 'string') return false;
  const schema = INPUT_SCHEMAS.get(input.type);
  if (!schema) return false;
  if (input.type === 'switchCharacter') return true;
  const issues: string[] = [];
  return conform(schema, input, 'input', issues) === input && issues.length === 0;
}
