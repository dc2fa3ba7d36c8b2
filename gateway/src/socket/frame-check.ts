import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { AuthFrame, ClientFrame, JoinRoomFrame, LogFrame, MAX_FRAME_DEPTH, MAX_FRAME_ITEMS } from '@talkwith/proto';

/** Why a frame's text was refused before it was parsed. */
export type ShapeRefusal = 'too deep' | 'too many values';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index of the quote that closes the string opened at `open` (one not escaped by an odd run of backslashes), or the text's length. indexOf skips the string's body at native speed. */
function stringEnd(text: string, open: number): number {
  let quote = open;
  for (;;) {
    quote = text.indexOf('"', quote + 1);
    if (quote < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote;
  }
}

/**
 * Counts brackets and commas outside strings in one pass over the raw text,
 * without building anything: a frame nested deeper than `maxDepth` or holding
 * more than `maxItems` values is refused before JSON.parse sees it. The text
 * need not be valid JSON; whatever passes here is parsed and checked next.
 */
export function scanFrame(text: string, maxDepth = MAX_FRAME_DEPTH, maxItems = MAX_FRAME_ITEMS): ShapeRefusal | null {
  let depth = 0;
  let items = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return 'too deep';
      if (++items > maxItems) return 'too many values';
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    } else if (c === COMMA && ++items > maxItems) {
      return 'too many values';
    }
  }
  return null;
}

const compile = <T extends TSchema>(schema: T) => TypeCompiler.Compile(schema);
/**
 * Compiled once at start: checking the largest frame scanFrame lets through
 * costs a fraction of a millisecond (`npm run bench`), where TypeBox's
 * interpreted Value.Check took several on the nested `extra` union.
 */
const frameCheck = compile(ClientFrame);
const byEvent: Record<
  string,
  { data: ReturnType<typeof compile>; fields: Record<string, ReturnType<typeof compile>> }
> = Object.fromEntries(
  [AuthFrame, JoinRoomFrame, LogFrame].map((frame) => {
    const data = frame.properties.data;
    const fields = Object.fromEntries(
      Object.entries(data.properties).map(([name, schema]) => [name, compile(schema as TSchema)]),
    );
    return [frame.properties.event.const, { data: compile(data), fields }];
  }),
);

/**
 * Where a frame that failed the check went wrong, found with the compiled
 * checkers of each field. (TypeBox's Errors() walks the schema interpreted,
 * as slowly as Value.Check, and an invalid frame must not cost more than a
 * valid one.)
 */
function firstProblem(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '/';
  const { event, data } = value as { event?: unknown; data?: unknown };
  const known = typeof event === 'string' ? byEvent[event] : undefined;
  if (!known) return '/event';
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return '/data';
  for (const [name, check] of Object.entries(known.fields)) {
    const field = (data as Record<string, unknown>)[name];
    if (field !== undefined && !check.Check(field)) return `/data/${name}`;
  }
  return '/data';
}

/** The frame in a text message, or why it is refused. Call scanFrame first: this parses. */
export function parseFrame(text: string): ClientFrame | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'frame is not JSON';
  }
  if (frameCheck.Check(value)) return value;
  return `invalid frame at ${firstProblem(value)}`;
}
