import { randomInt } from 'node:crypto';

/**
 * Serial codes (API.md § Serials). The random part is 16 characters of
 * Crockford's base-32 alphabet (no I, L, O, U: nothing to misread), each drawn
 * with `crypto.randomInt`, so 16 × 5 = 80 bits. The stored code (`serials._id`)
 * is the normalised prefix + random part; printed, it is grouped by four.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RANDOM_LENGTH = 16;
const GROUP = 4;

/** 16 characters from the CSPRNG; randomInt draws without modulo bias. */
export function randomPart(): string {
  let out = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/**
 * What a customer typed, in the form codes are stored: upper case, spaces and
 * hyphens dropped, and the letters people confuse with digits read as those
 * digits (O→0, I/L→1), as Crockford's decoding rules say.
 */
export function normaliseCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replaceAll('O', '0')
    .replace(/[IL]/g, '1');
}

/** `count` distinct stored codes of one batch (a repeat within the batch is drawn again). */
export function newCodes(prefix: string, count: number): string[] {
  const head = normaliseCode(prefix);
  const codes = new Set<string>();
  while (codes.size < count) codes.add(head + randomPart());
  return [...codes];
}

/**
 * A stored code as printed on a card: the batch's prefix as the admin wrote
 * it, then the random part in groups of four (`CD1-7K3M-Q9XZ-04HT-BV2N`).
 * normaliseCode(printCode(prefix, code)) === code for every code of the batch.
 */
export function printCode(prefix: string, code: string): string {
  const random = code.slice(normaliseCode(prefix).length);
  const groups = random.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [];
  return [prefix, ...groups].filter(Boolean).join('-');
}

/** SPEC.md §5 masking helper: only the last 3 characters shown, the rest as asterisks; 3 or fewer unchanged. */
export function maskCode(code: string): string {
  if (code.length <= 3) return code;
  return '*'.repeat(code.length - 3) + code.slice(-3);
}
