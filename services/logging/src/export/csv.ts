import { CSV_BOM, csvLine } from '@talkwith/platform/csv';
import { LOG_EXPORT_HEADERS, type LogEntry } from '@talkwith/proto/logging';
import { japanDateTime } from '../entries/japan-time.ts';

/** Excel reads a UTF-8 file as UTF-8 only with a byte-order mark (SPEC.md §9). */
export const BOM = CSV_BOM;

export const headerLine = (): string => csvLine(LOG_EXPORT_HEADERS);

/**
 * 時間,種類,ユーザーID,キャラクターID,内容,詳細,記録元: the time in Japan time,
 * the details as the JSON of `extra`, who wrote the line (`client`, `audit`
 * or the service, e.g. `billing`). Every cell goes through the shared writer, which defuses a formula:
 * a customer's message, character id or extra is their own text.
 */
export function csvRow(entry: LogEntry, writer: string): string {
  return csvLine([
    japanDateTime(entry.created_at),
    entry.type,
    entry.user_id,
    entry.character_id,
    entry.message,
    entry.extra === null ? '' : JSON.stringify(entry.extra),
    writer,
  ]);
}
