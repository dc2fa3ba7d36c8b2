/** What minisearch indexes: the caller's id beside the untouched document, so no document field can clash with the id. */
export interface Entry {
  id: string;
  doc: Record<string, unknown>;
}

/** minisearch asks extractField for the id under this name; NUL keeps it apart from any mapped field. */
export const ID_FIELD = '\u0000id';

/** The text of a field's value (arrays joined; objects have none). */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  return typeof value === 'object' ? '' : String(value);
}

export function extractField(entry: Entry, field: string): string {
  return field === ID_FIELD ? entry.id : textOf(entry.doc[field]);
}
