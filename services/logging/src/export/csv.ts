import { LOG_EXPORT_HEADERS, type LogEntry } from '@talkwith/proto/logging';
import { japanDateTime } from '../entries/japan-time.ts';

/** Excel reads a UTF-8 file as UTF-8 only with a byte-order mark (SPEC.md §9). */
export const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvLine = (fields: string[]): string => `${fields.map(csvField).join(',')}\r\n`;

export const headerLine = (): string => csvLine([...LOG_EXPORT_HEADERS]);

/** 時間,種類,ユーザーID,キャラクターID,内容,詳細: the time in Japan time, the details as the JSON of `extra`. */
export function csvRow(entry: LogEntry): string {
  return csvLine([
    japanDateTime(entry.created_at), entry.type, entry.user_id ?? '', entry.character_id ?? '', entry.message,
    entry.extra === null ? '' : JSON.stringify(entry.extra),
  ]);
}
