/**
 * The password rule of SPEC.md §5, checked in the form before the server
 * checks it again: 8 to 30 printable ASCII characters (space to tilde), at
 * least one letter and one digit. Returns the broken parts, empty when valid.
 */
export type PasswordProblem = 'length' | 'charset' | 'letterDigit';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push('length');
  if (!/^[\x20-\x7E]*$/.test(password)) problems.push('charset');
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) problems.push('letterDigit');
  return problems;
}

export function isValidPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
