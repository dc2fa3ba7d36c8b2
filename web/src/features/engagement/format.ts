/** Dates as the reader's language writes them (2026年3月1日 in ja-JP); empty for a missing value. */
export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(language, { year: 'numeric', month: 'long', day: 'numeric' });
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
