import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { LOG_EXPORT_HEADERS } from '@talkwith/proto/logging';
import { dailyIn } from '../../services/logging/src/summary/counters.ts';
import { startLogging, uniqueId, type LoggingUnderTest } from '../../services/logging/src/test-kit.ts';

/**
 * Attacks on the log store and its export through the logging service's own
 * API (app.inject()), with client lines published on the bus as the gateway's
 * socket publishes them: a customer's words in the operator's spreadsheet, a
 * free account (or many) growing the store, customer lines posing as billing's.
 */

/** The cells of an RFC 4180 body (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

async function exportRows(svc: LoggingUnderTest, query: string): Promise<string[][]> {
  const res = await svc.app.inject({
    method: 'GET',
    url: `/api/admin/logs/export?${query}`,
    headers: { authorization: `Bearer ${svc.admin}` },
  });
  expect(res.statusCode).toBe(200);
  return parseCsv(res.body.slice(1));
}

const publishLine = (svc: LoggingUnderTest, key: string, data: Record<string, unknown>) =>
  svc.platform.events.publish('client.logged', key, { type: 'play', ...data } as never);

const droppedToday = async (svc: LoggingUnderTest): Promise<number> =>
  (await dailyIn(svc.platform.store).find({})).reduce((sum, day) => sum + (day.dropped_lines ?? 0), 0);

describe('logging attack: CSV formula injection in the export', () => {
  let svc: LoggingUnderTest;
  beforeAll(async () => {
    svc = await startLogging();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('export, the customer lines of the outside test, every cell is defused and keeps its text', async () => {
    const user = uniqueId('u');
    const attacks = ["=cmd|' /C calc'!A0", '+1+1', '-2+3+cmd|x', '@SUM(1+1)*cmd|x', '\t=1+1', '\r=1+1'];
    for (const message of attacks) await publishLine(svc, user, { user_id: user, message });
    await publishLine(svc, user, { user_id: user, message: '普通の行', character_id: '=1+2', extra: { note: '=2+2' } });
    await svc.listed({ user_id: user }, attacks.length + 1);

    const [header, ...rows] = await exportRows(svc, `user_id=${user}`);

    expect(header).toEqual([...LOG_EXPORT_HEADERS]);
    const cells = rows.flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    const messages = rows.map((r) => r[4]);
    for (const message of attacks) expect(messages).toContain(`'${message}`);
    expect(rows.map((r) => r[3])).toContain("'=1+2");
  });
});

describe('logging attack: store growth from one account on many addresses', () => {
  let svc: LoggingUnderTest;
  // 20,000 bytes a minute: five lines of ~3.9 kB fit, the sixth does not.
  beforeAll(async () => {
    svc = await startLogging({ LOG_ACCOUNT_BYTES_PER_MINUTE: '20000' });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('client lines, one account from 12 addresses past its byte budget, stores what fits and counts the rest dropped', async () => {
    const user = uniqueId('u');
    // The gateway's per-address budget sees 12 addresses each well within it; only the account is the same.
    for (let address = 0; address < 12; address++)
      await publishLine(svc, user, { user_id: user, message: `from 10.0.0.${address} ${'x'.repeat(3900)}` });

    await eventually(async () => (await droppedToday(svc)) === 7);
    const stored = await svc.listed({ user_id: user }, 5);

    expect(stored).toHaveLength(5);
  });

  it('client lines, another account after one was stopped, are stored', async () => {
    const other = uniqueId('u');

    await publishLine(svc, other, { user_id: other, message: 'こんにちは' });

    expect(await svc.listed({ user_id: other }, 1)).toHaveLength(1);
  });
});

describe('logging attack: store growth from many accounts', () => {
  let svc: LoggingUnderTest;
  beforeAll(async () => {
    svc = await startLogging({ LOG_GLOBAL_LINES_PER_MINUTE: '6' });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('client lines, 4 accounts within their own budgets but past the global one, store the global budget only', async () => {
    const users = Array.from({ length: 4 }, () => uniqueId('u'));
    for (const user of users)
      for (let i = 0; i < 3; i++) await publishLine(svc, user, { user_id: user, message: `line ${i}` });

    await eventually(async () => (await droppedToday(svc)) === 6);

    expect(await svc.listed({ source: 'client' }, 6)).toHaveLength(6);
  });
});

describe('logging attack: customer lines posing as billing', () => {
  let svc: LoggingUnderTest;
  beforeAll(async () => {
    svc = await startLogging();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it.each(['ticket', 'point', 'subscription'] as const)(
    'client line in %s, never lists under that category, is an other line from the client',
    async (type) => {
      const user = uniqueId('u');
      await publishLine(svc, user, { user_id: user, type, message: 'トークチケットを100枚付与しました（運営）' });

      const [entry] = await svc.listed({ user_id: user }, 1);
      const inCategory = (await svc.filter({ user_id: user, types: [type] })).json() as { total: number };

      expect(entry).toMatchObject({ type: 'other', source: 'client', extra: { claimed_type: type } });
      expect(inCategory.total).toBe(0);
    },
  );

  it("export, a customer line and billing's own grant, 記録元 tells them apart", async () => {
    const user = uniqueId('u');
    await publishLine(svc, user, {
      user_id: user,
      type: 'ticket',
      message: 'トークチケットを100枚付与しました（運営）',
    });
    await svc.platform.events.publish('ticket.granted', user, {
      user_id: user,
      lot_id: 'l1',
      count: 3,
      source: 'operator',
      expires_at: new Date().toISOString(),
    });
    await svc.listed({ user_id: user }, 2);

    const [header, ...rows] = await exportRows(svc, `user_id=${user}`);
    const source = header!.indexOf('記録元');
    const byWriter = Object.fromEntries(rows.map((r) => [r[source], r[1]]));

    expect(source).toBeGreaterThan(-1);
    expect(byWriter).toEqual({ client: 'other', billing: 'ticket' });
  });
});
