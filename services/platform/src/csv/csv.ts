/**
 * The one CSV writer of every export (logs, serials): RFC 4180 fields, with
 * spreadsheet formulas defused. Excel, LibreOffice and Google Sheets run a
 * cell that starts with = + - @ (and a tab or carriage return before one) as
 * a formula — `=cmd|' /C calc'!A0` starts a program on the operator's machine
 * — so such a cell gets a leading apostrophe (OWASP's CSV injection advice):
 * the spreadsheet shows the text as text, and a reader of the raw file still
 * sees every character that was sent.
 */

/** A byte-order mark: Excel opens a UTF-8 CSV as Shift_JIS without it. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: a formula start defused, then quoted when it holds a comma, a quote or a line break (quotes doubled). */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line, CRLF-terminated, every cell through csvCell. */
export function csvLine(cells: ReadonlyArray<string | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
