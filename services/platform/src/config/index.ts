import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Reads environment variables into a typed object. Every key of the schema is
 * an environment variable name (UPPER_SNAKE); every key must carry a
 * `description` (it is the documentation and feeds .env.example). Strings from
 * the environment are converted to the schema's number/boolean types; an
 * unset variable takes the schema default; a bad or missing one throws
 * ConfigError naming the variable.
 */
export function loadConfig<P extends TProperties>(
  schema: TObject<P>,
  env: NodeJS.ProcessEnv = process.env,
): Static<TObject<P>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, Value.Convert(schema, raw));
  const problems = [...Value.Errors(schema, withDefaults)].map((e) => {
    const name = e.path.replace(/^\//, '') || '(root)';
    const doc = (schema.properties as Record<string, { description?: string }>)[name]?.description;
    return `${name}: ${e.message}${doc ? ` (${doc})` : ''}`;
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return withDefaults as Static<TObject<P>>;
}

/** An optional variable holding a URL of one of `schemes` (a regex alternation, e.g. 'redis|rediss'). */
export function urlVariable(schemes: string, description: string) {
  return Type.Optional(Type.String({ pattern: `^(${schemes})://\\S+$`, description }));
}

/** Lines of a .env.example for a schema: each variable with its doc and default. */
export function describeConfig(schema: TObject): string[] {
  return Object.entries(schema.properties).map(([key, prop]) => {
    const p = prop as { description?: string; default?: unknown };
    const required = !(schema.required ?? []).includes(key) || p.default !== undefined ? '' : ' (required)';
    return `# ${p.description ?? 'undocumented'}${required}\n${key}=${p.default ?? ''}`;
  });
}

export { Type };
