/** The JSON Schema side of a proto schema, as far as the engine's intake reads it (intake.ts). */
export interface SchemaShape {
  type?: string;
  properties?: Record<string, SchemaShape>;
  required?: string[];
  items?: SchemaShape;
  anyOf?: SchemaShape[];
  const?: unknown;
  default?: unknown;
}

const KEPT = ['type', 'properties', 'required', 'items', 'anyOf', 'const', 'default'] as const;

/** A schema cut down to what the intake reads (no descriptions, patterns or TypeBox symbols). */
export function shapeOf(schema: unknown): SchemaShape {
  const source = schema as Record<string, unknown>;
  const shape: Record<string, unknown> = {};
  for (const key of KEPT) {
    if (!(key in source)) continue;
    const value = source[key];
    if (key === 'properties')
      shape[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, sub]) => [name, shapeOf(sub)]),
      );
    else if (key === 'items') shape[key] = shapeOf(value);
    else if (key === 'anyOf') shape[key] = (value as unknown[]).map(shapeOf);
    else shape[key] = value;
  }
  return shape as SchemaShape;
}

/**
 * EngineInput's shape as the intake reads it. isEngineInput takes a
 * switchCharacter on its type alone and the engine checks its character with
 * intakeCharacter (PUBLIC_CHARACTER_SHAPE), so that option's own copy of the
 * character schema (9.6 kB, half the generated file) is cut to `{}`: anything.
 */
export function engineInputShapeOf(engineInput: unknown): SchemaShape {
  const shape = shapeOf(engineInput);
  const withoutCharacterCopy = (option: SchemaShape): SchemaShape =>
    option.properties?.type?.const === 'switchCharacter' && option.properties.character
      ? { ...option, properties: { ...option.properties, character: {} } }
      : option;
  return shape.anyOf ? { ...shape, anyOf: shape.anyOf.map(withoutCharacterCopy) } : shape;
}
