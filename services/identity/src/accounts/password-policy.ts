import { messages } from '../errors.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;

/**
 * SPEC.md §5: 8 to 30 characters, printable ASCII only (0x20–0x7E), at least
 * one letter and one digit. Returns the first broken rule's message, or null.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return messages.passwordLength;
  if (!/^[\x20-\x7E]+$/.test(password)) return messages.passwordCharset;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return messages.passwordLetterDigit;
  return null;
}
