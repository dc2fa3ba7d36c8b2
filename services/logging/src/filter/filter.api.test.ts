import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogFilterReply } from '@talkwith/proto/logging';
import { startLogging, uniqueId, type LoggingUnderTest } from '../test-kit.ts';

let svc: LoggingUnderTest;
beforeAll(async () => {
  svc = await startLogging();
});
afterAll(async () => {
  await svc?.close();
});

const ids = async (body: Record<string, unknown>): Promise<string[]> =>
  ((await svc.filter(body)).json() as LogFilterReply).logs.map((l) => l.id);

describe('POST /api/admin/logs/filter', () => {
  it('filter, by types, character, source and text, each narrows the list', async () => {
    const user = uniqueId('u');
    const [error, play, audit] = await svc.seed(
      { user_id: user, type: 'error', character_id: 'c-1', message: 'マイク (a.*b) が使えません' },
      { user_id: user, type: 'play', character_id: 'c-2', message: '再生開始' },
      { user_id: user, type: 'admin', source: 'audit', message: 'user.deleted' },
    );

    expect(await ids({ user_id: user, types: ['error', 'play'] })).toEqual(expect.arrayContaining([error, play]));
    expect(await ids({ user_id: user, types: ['admin'] })).toEqual([audit]);
    expect(await ids({ user_id: user, character_id: 'c-2' })).toEqual([play]);
    expect(await ids({ user_id: user, source: 'audit' })).toEqual([audit]);
    expect(await ids({ user_id: user, text: '(a.*b)' })).toEqual([error]);
    expect(await ids({ user_id: user, text: 'a.*c' })).toEqual([]);
  });

  it('filter, a bare from and to, are whole Japan days (00:00 JST to the end of the to day)', async () => {
    const user = uniqueId('u');
    const [beforeStart, atStart, lastOfDay, nextDay] = await svc.seed(
      { user_id: user, created_at: '2025-03-09T14:59:59.999Z' },
      { user_id: user, created_at: '2025-03-09T15:00:00.000Z' },
      { user_id: user, created_at: '2025-03-10T14:59:59.999Z' },
      { user_id: user, created_at: '2025-03-10T15:00:00.000Z' },
    );

    const found = await ids({ user_id: user, from: '2025-03-10', to: '2025-03-10' });

    expect(found).toEqual([lastOfDay, atStart]);
    expect(found).not.toContain(beforeStart);
    expect(found).not.toContain(nextDay);
    expect(await ids({ user_id: user, from: '2025-03-10T15:00:00Z' })).toEqual([nextDay]);
  });

  it('filter, more entries than a page, pages newest first without overlap', async () => {
    const user = uniqueId('u');
    const seeded = await svc.seed(
      ...Array.from({ length: 5 }, (_, i) => ({
        user_id: user,
        created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      })),
    );

    const first = (await svc.filter({ user_id: user, limit: 2, page: 1 })).json() as LogFilterReply;
    const third = (await svc.filter({ user_id: user, limit: 2, page: 3 })).json() as LogFilterReply;

    expect(first).toMatchObject({ ok: true, total: 5, page: 1, limit: 2 });
    expect(first.logs.map((l) => l.id)).toEqual([seeded[4], seeded[3]]);
    expect(third.logs.map((l) => l.id)).toEqual([seeded[0]]);
  });

  it('filter, an unknown field next to a date, answers 400 naming it instead of listing every log', async () => {
    const res = await svc.filter({ character: 'c-1', from: '2025-01-01' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field: 'character' });
  });

  it.each([
    ['an unknown category', { types: ['nope'] }, 'types.0'],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a date that is not one', { from: '2025-13-45' }, 'from'],
    ['a day that does not exist', { to: '2025-02-30' }, 'to'],
    ['an empty text', { text: '' }, 'text'],
    ['an old-style type field', { type: 'admin.acted' }, 'type'],
  ])('filter, %s, answers 400 VALIDATION_FAILED', async (_name, body, field) => {
    const res = await svc.filter(body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('filter, by a customer or without a token, answers 403 and 401', async () => {
    expect((await svc.filter({}, svc.tokenFor('u1'))).statusCode).toBe(403);
    expect((await svc.app.inject({ method: 'POST', url: '/api/admin/logs/filter', payload: {} })).statusCode).toBe(401);
  });
});
