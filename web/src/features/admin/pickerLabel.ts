/**
 * How the console's pickers name a record: the readable title first and the id
 * after it, because a closed select shows only the start of its text (an id
 * first reads as a cut-off UUID). Just the id when there is no title.
 */
export const pickerLabel = (title: string, id: string): string => (title ? `${title}（${id}）` : id);

/** Picker entries in the order a person looks for them: by their label (title first), not by id (often a UUID). */
export const byLabel = <T extends { label: string }>(entries: T[]): T[] =>
  [...entries].sort((a, b) => a.label.localeCompare(b.label, 'ja'));
