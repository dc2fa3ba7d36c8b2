// Frames of the socket benchmarks: the finding's attack frame and the
// heaviest frames the socket still accepts.
const nest = (depth: number): unknown => (depth === 0 ? 1 : Array.from({ length: 7 }, () => nest(depth - 1)));
const logFrame = (extra: unknown) => JSON.stringify({ event: 'log', data: { type: 'error', message: 'm', extra } });

/** The finding's frame: a log frame valid on main whose extra holds arrays 7 wide and 5 deep (16,807 numbers, about 39 KB). */
export const ATTACK_FRAME = logFrame({ a: nest(5) });

const record = (width: number, depth: number, key: (i: number) => string): unknown =>
  depth === 0
    ? 0
    : Object.fromEntries(Array.from({ length: width }, (_, i) => [key(i), record(width, depth - 1, key)]));
const array = (width: number, depth: number, leaf: unknown): unknown =>
  depth === 0 ? leaf : Array.from({ length: width }, () => array(width, depth - 1, leaf));

/**
 * Candidates for the costliest valid frame: in each of the shapes that cost
 * the most per value (records with numeric or 60-character keys, deep
 * records, wide arrays, empty containers, long strings), the widest frame
 * `accepts` lets through. The bench reports the slowest of them.
 */
export function heavyFrames(accepts: (text: string) => boolean): Record<string, string> {
  // Upwards: a frame one size too wide is built once (64 wide and 5 deep would be a billion values).
  const widest = (build: (width: number) => string): string | null => {
    let last: string | null = null;
    for (let width = 1; width <= 64; width++) {
      const text = build(width);
      if (!accepts(text)) break;
      last = text;
    }
    return last;
  };
  const shapes: Record<string, (width: number) => string> = {
    'records 3 deep, numeric keys': (w) => logFrame(record(w, 3, String)),
    'records 4 deep, numeric keys': (w) => logFrame(record(w, 4, String)),
    'records 2 deep, numeric keys': (w) => logFrame(record(w, 2, String)),
    'records 3 deep, 60-character keys': (w) =>
      logFrame(record(w, 3, (i) => `${'k'.repeat(58)}${String(i).padStart(2, '0')}`)),
    'records 5 deep': (w) => logFrame(record(w, 5, (i) => `k${i}`)),
    'arrays 2 deep of numbers': (w) => logFrame({ a: array(w, 2, 1) }),
    'arrays 2 deep of empty records': (w) => logFrame({ a: array(w, 2, {}) }),
    'strings of 2,000 characters': (w) => logFrame({ a: Array.from({ length: w }, () => 'x'.repeat(2000)) }),
  };
  const found = Object.entries(shapes).map(([name, build]) => [name, widest(build)] as const);
  return Object.fromEntries(found.filter((entry): entry is readonly [string, string] => entry[1] !== null));
}
