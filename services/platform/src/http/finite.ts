import { AppError } from '../errors/index.ts';

/**
 * How deep a request's body or query may nest. Our deepest real body (a whole
 * character for `jsonUpload`: character → blocks → block → buttons → button →
 * field) is under 10 levels; anything deeper is an attack on whatever walks it.
 */
export const MAX_INPUT_DEPTH = 32;

const MAX_FIELD_ECHO = 64;

type Problem = { field: string; kind: 'non-finite' | 'too-deep' };
type Pending = { value: unknown; path: string; depth: number };

const joined = (path: string, key: string): string => (path ? `${path}.${key}` : key);

// Parsed JSON and query strings only: a proxied request's body is its raw stream (circular, not ours to read), an upload a Buffer.
const isWalkable = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The first problem of a parsed input, in document order: a number that is not
 * finite (1e309 parses to Infinity; Fastify's validator lets Infinity through
 * `integer` and `maximum`, and it would be stored as null), or nesting deeper
 * than MAX_INPUT_DEPTH. Walked with an explicit stack: a body of 20,000 nested
 * objects must be refused, not overflow the call stack (a 500).
 */
function firstProblem(input: unknown): Problem | undefined {
  const stack: Pending[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as Pending;
    if (typeof value === 'number' && !Number.isFinite(value)) return { field: path || '/', kind: 'non-finite' };
    if (!isWalkable(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path || '/', kind: 'too-deep' };
    const children = Object.entries(value).reverse();
    for (const [key, child] of children) stack.push({ value: child, path: joined(path, key), depth: depth + 1 });
  }
  return undefined;
}

/** The path of the first number that is not finite, or undefined (nesting past the limit is not looked into). */
export function nonFinitePath(value: unknown): string | undefined {
  const problem = firstProblem(value);
  return problem?.kind === 'non-finite' ? problem.field : undefined;
}

/** Refuses (400 VALIDATION_FAILED naming the field) a body or query holding a number that is not finite or nested too deep. */
export function rejectNonFinite(...inputs: unknown[]): void {
  for (const input of inputs) {
    const problem = firstProblem(input);
    if (problem === undefined) continue;
    // The path is made of the caller's keys: echoed only so far.
    const field = problem.field.slice(0, MAX_FIELD_ECHO);
    throw new AppError('VALIDATION_FAILED', `入力内容に誤りがあります: ${field}`, { field });
  }
}
