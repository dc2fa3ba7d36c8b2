import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

const yen = new Intl.NumberFormat('ja-JP');

/** Integer yen as Japanese shops print it: ¥1,100 (prices are in yen whatever the interface language). */
export function formatYen(amount: number): string {
  return `¥${yen.format(amount)}`;
}

/** A date of the wallet or a plan (2026年3月1日 in ja-JP); empty for a missing value. */
export function formatDate(iso: string | undefined, language: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(language, { year: 'numeric', month: 'long', day: 'numeric' });
}

export function formatDateTime(iso: string | undefined, language: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The stable `code` of a billing error body (API.md), or null. */
export function errorCodeOf(error: FetchBaseQueryError | SerializedError | undefined): string | null {
  if (!error || !('status' in error)) return null;
  const body = error.data as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : null;
}

/** True when the answer was lost (network, time-out, 5xx): the same intent must be retried with the same key. */
export function outcomeUnknown(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  if (!error || !('status' in error)) return false;
  return typeof error.status === 'string' || error.status >= 500;
}
