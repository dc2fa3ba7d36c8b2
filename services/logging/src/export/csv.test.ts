import { describe, expect, it } from 'vitest';
import type { LogEntry } from '@talkwith/proto/logging';
import { csvRow, headerLine } from './csv.ts';

const entry = (over: Partial<LogEntry>): LogEntry => ({
  id: 'e1',
  created_at: '2025-03-09T15:00:05.000Z',
  type: 'play',
  source: 'client',
  user_id: 'u1',
  character_id: null,
  message: '',
  extra: null,
  actor_id: null,
  request_id: null,
  ...over,
});

describe('log export rows', () => {
  it('headerLine, the export header, ends with 記録元', () => {
    expect(headerLine()).toBe('時間,種類,ユーザーID,キャラクターID,内容,詳細,記録元\r\n');
  });

  it('csvRow, a formula in the message, the character id and extra, defuses each cell', () => {
    const row = csvRow(
      entry({ message: "=cmd|' /C calc'!A0", character_id: '=1+2', user_id: '@SUM(1+1)*cmd|x' }),
      'client',
    );

    expect(row).toBe("2025-03-10 00:00:05,play,'@SUM(1+1)*cmd|x,'=1+2,'=cmd|' /C calc'!A0,,client\r\n");
  });

  it('csvRow, a service entry, names the service in the last cell', () => {
    expect(
      csvRow(
        entry({ type: 'ticket', source: 'service', message: 'トークチケットを3枚付与しました（運営）' }),
        'billing',
      ),
    ).toMatch(/,billing\r\n$/);
  });
});
