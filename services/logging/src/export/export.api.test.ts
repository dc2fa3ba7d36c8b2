import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_EXPORT_HEADERS } from '@talkwith/proto/logging';
import { startLogging, uniqueId, type LoggingUnderTest } from '../test-kit.ts';
import { exportFileName } from './routes.ts';

let svc: LoggingUnderTest;
beforeAll(async () => {
  svc = await startLogging();
});
afterAll(async () => {
  await svc?.close();
});

const exportLogs = (query: string, token = svc.admin) =>
  svc.app.inject({
    method: 'GET',
    url: `/api/admin/logs/export?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('GET /api/admin/logs/export', () => {
  it('export, entries with commas, quotes and line breaks in Japanese text, is a BOM CSV with quoted fields and JST times', async () => {
    const user = uniqueId('u');
    await svc.seed(
      {
        user_id: user,
        type: 'error',
        character_id: 'c-1',
        created_at: '2025-03-09T15:00:05.000Z',
        message: 'エラー、"マイク",\n許可なし',
        extra: { os: 'iOS', note: 'a,b' },
      },
      { user_id: user, type: 'play', created_at: '2025-03-09T14:59:59.000Z', message: '再生' },
    );

    const res = await exportLogs(`user_id=${user}`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).split('\r\n')).toEqual([
      LOG_EXPORT_HEADERS.join(','),
      `2025-03-10 00:00:05,error,${user},c-1,"エラー、""マイク"",\n許可なし","{""os"":""iOS"",""note"":""a,b""}",client`,
      `2025-03-09 23:59:59,play,${user},,再生,,client`,
      '',
    ]);
  });

  it('export, the header names the file after the Japan date of the export', async () => {
    const user = uniqueId('u');
    await svc.seed({ user_id: user });

    const res = await exportLogs(`user_id=${user}`);

    expect(res.headers['content-disposition']).toBe(`attachment; filename="${exportFileName(new Date())}"`);
    expect(exportFileName(new Date('2025-03-09T15:00:00Z'))).toBe('logs_20250310.csv');
  });

  it('export, more rows than a page, streams every row once, newest first', async () => {
    const user = uniqueId('u');
    await svc.seed(
      ...Array.from({ length: 2500 }, (_, i) => ({
        user_id: user,
        message: `m${i}`,
        created_at: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
      })),
    );

    const lines = (await exportLogs(`user_id=${user}`)).body.trimEnd().split('\r\n').slice(1);

    expect(lines).toHaveLength(2500);
    expect(new Set(lines).size).toBe(2500);
    expect(lines[0]).toContain('m2499');
  });

  it('export, types as a comma list, exports those categories only', async () => {
    const user = uniqueId('u');
    await svc.seed(
      { user_id: user, type: 'error' },
      { user_id: user, type: 'play' },
      { user_id: user, type: 'camera' },
    );

    const lines = (await exportLogs(`user_id=${user}&types=error,camera`)).body.trimEnd().split('\r\n').slice(1);

    expect(lines.map((l) => l.split(',')[1]).sort()).toEqual(['camera', 'error']);
  });

  it('export, nothing matches, answers 204 with no body', async () => {
    const res = await exportLogs(`user_id=${uniqueId('nobody')}`);

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it.each([
    ['an unknown field', 'character=c-1', 'character'],
    ['an unknown category', 'types=error,nope', 'types'],
  ])('export, %s, answers 400 naming it', async (_name, query, field) => {
    const res = await exportLogs(query);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('export, by a customer, answers 403', async () => {
    expect((await exportLogs('', svc.tokenFor('u1'))).statusCode).toBe(403);
  });
});
