/**
 * A serial code as the customer types it: full-width letters and digits
 * (Japanese keyboards) become half-width, any dash becomes a hyphen, letters
 * are upper case. The server drops the separators and reads O as 0, I/L as 1.
 */
export function typedSerial(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[‐‑‒–—―−ー]/g, '-')
    .toUpperCase();
}

/** What the contract accepts (proto SerialCode): letters, digits, hyphens and spaces, up to 64. */
export const SERIAL_MAX = 64;

/** Why a typed code cannot be sent, or null. */
export function serialProblem(value: string): 'required' | 'invalid' | null {
  const code = value.trim();
  if (code.replace(/[\s-]/g, '') === '') return 'required';
  return /^[A-Za-z0-9 -]{1,64}$/.test(code) ? null : 'invalid';
}
