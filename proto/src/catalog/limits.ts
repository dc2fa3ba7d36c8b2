import type { TSchema } from '@sinclair/typebox';

/**
 * Request bodies made from the dialogue model's schemas (Block, Character, …)
 * must be bounded in size, but the model itself has no limits (it also
 * describes stored data). Instead of writing each schema a second time, these
 * transforms derive the bounded or partial variant from the one definition.
 */

export interface Bounds {
  /** maxLength given to every string that has none. */
  maxLength: number;
  /** maxItems given to every array that has none. */
  maxItems: number;
}

type SchemaNode = Record<string | symbol, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function boundNode(node: SchemaNode, bounds: Bounds): SchemaNode {
  // Object spread keeps TypeBox's symbol keys (Kind, Optional), so Value.Check still knows the schema.
  const out: SchemaNode = { ...node };
  if (out.type === 'string' && out.maxLength === undefined && out.format === undefined)
    out.maxLength = bounds.maxLength;
  if (out.type === 'array' && out.maxItems === undefined) out.maxItems = bounds.maxItems;
  if (out.type === 'object' && out.maxProperties === undefined && isNode(out.patternProperties))
    out.maxProperties = bounds.maxItems;
  if (out.type === 'object' && isNode(out.properties) && out.additionalProperties === undefined)
    out.additionalProperties = false;
  if (isNode(out.items)) out.items = boundNode(out.items, bounds);
  for (const key of ['properties', 'patternProperties'] as const) {
    const children = out[key];
    if (isNode(children))
      out[key] = Object.fromEntries(
        Object.entries(children).map(([name, child]) => [name, isNode(child) ? boundNode(child, bounds) : child]),
      );
  }
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const) {
    const options = out[key];
    if (Array.isArray(options))
      out[key] = options.map((option: unknown) => (isNode(option) ? boundNode(option, bounds) : option));
  }
  return out;
}

/**
 * The same schema with every string and array (at any depth) bounded where it
 * was not already, and every object with named properties closed
 * (additionalProperties false): Fastify then strips unknown keys and
 * Value.Check refuses them, so nothing the schema does not name is stored.
 */
export function bounded<T extends TSchema>(schema: T, bounds: Bounds): T {
  return boundNode(schema as unknown as SchemaNode, bounds) as unknown as T;
}

/**
 * The same object schema without the defaults of its own properties: in a
 * partial update an absent field must stay absent (Fastify's validator would
 * otherwise fill it with its default and overwrite the stored value).
 */
export function withoutDefaults<T extends TSchema>(schema: T): T {
  const node = { ...(schema as unknown as SchemaNode) };
  if (isNode(node.properties)) {
    node.properties = Object.fromEntries(
      Object.entries(node.properties).map(([name, child]) => {
        if (!isNode(child)) return [name, child];
        // A rest pattern copies symbol keys too (Kind, Optional).
        const { default: _default, ...rest } = child;
        return [name, rest];
      }),
    );
  }
  return node as unknown as T;
}
