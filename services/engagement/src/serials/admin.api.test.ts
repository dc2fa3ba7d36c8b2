import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { Coupon } from '@talkwith/proto/engagement';
import { engagementService } from '../index.ts';
import { printCode } from './codes.ts';
import { openSerials } from './model.ts';
import { serialTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = serialTestKit(() => svc);

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) => svc.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const ADMIN_ROUTES: Array<[method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>]> = [
  ['POST', '/api/admin/serials/generate', { name: 'x', count: 1, character_id: 'c', block_id: 'b' }],
  ['GET', '/api/admin/serials/coupons'],
  ['GET', '/api/admin/serials/list'],
  ['GET', '/api/admin/serials/stats'],
  ['POST', '/api/admin/serials', {}],
  ['GET', '/api/admin/serials/some-coupon/csv'],
  ['GET', '/api/admin/serials/some-coupon'],
  ['PUT', '/api/admin/serials/changeBlock', { coupon_id: 'some-coupon', block_id: 'b' }],
  ['PUT', '/api/admin/serials/changeSerialType', { coupon_id: 'some-coupon', is_debug: true }],
];

describe('serial admin routes, who', () => {
  it.each(ADMIN_ROUTES)('%s %s, no token, answers 401', async (method, url, payload) => {
    expect((await call(method, url, {}, payload)).statusCode).toBe(401);
  });

  it.each(ADMIN_ROUTES)('%s %s, a customer, answers 403 FORBIDDEN', async (method, url, payload) => {
    const res = await call(method, url, kit.auth(randomUUID()), payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('serial admin routes, bad input', () => {
  const base = { name: '特典', count: 2, character_id: 'char-1', block_id: 'block-1' };
  it.each([
    ['count 0', { ...base, count: 0 }],
    ['count 20,001', { ...base, count: 20_001 }],
    ['a lower-case prefix', { ...base, prefix: 'cd' }],
    ['a prefix of 9 characters', { ...base, prefix: 'ABCDEFGHJ' }],
    ['no name', { ...base, name: undefined }],
    ['a character id with a slash', { ...base, character_id: 'a/b' }],
    ['tickets -1', { ...base, tickets: -1 }],
    ['a validity date that is not a date', { ...base, valid_from: 'tomorrow' }],
  ])('generate, %s, answers 400', async (_, payload) => {
    const res = await call('POST', '/api/admin/serials/generate', kit.admin(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('generate, valid_until before valid_from, answers 400 and creates nothing', async () => {
    const characterId = `char-${randomUUID()}`;
    const res = await call('POST', '/api/admin/serials/generate', kit.admin(), {
      ...base,
      character_id: characterId,
      valid_from: '2030-01-02T00:00:00Z',
      valid_until: '2030-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(await openSerials(svc.platform.store).countDocuments({ character_id: characterId })).toBe(0);
  });

  it.each([
    ['/api/admin/serials/stats?start=2025-13-01'],
    ['/api/admin/serials/stats?end=yesterday'],
    ['/api/admin/serials/stats?start=2025-02-30'],
    ['/api/admin/serials/stats?start=2025-03-02&end=2025-03-01'],
    ['/api/admin/serials/list?status=lost'],
    ['/api/admin/serials/list?page=0'],
    ['/api/admin/serials/list?is_debug=maybe'],
    ['/api/admin/serials/coupons?page=1e309'],
    ['/api/admin/serials/a%20b'],
  ])('GET %s, answers 400', async (url) => {
    expect((await call('GET', url, kit.admin())).statusCode).toBe(400);
  });

  it.each([
    ['changeBlock', { coupon_id: 'x' }],
    ['changeBlock', { coupon_id: 'x', block_id: '' }],
    ['changeSerialType', { coupon_id: 'x', is_debug: 'perhaps' }],
    ['changeSerialType', { is_debug: true }],
  ])('PUT %s %j, answers 400', async (route, payload) => {
    expect((await call('PUT', `/api/admin/serials/${route}`, kit.admin(), payload)).statusCode).toBe(400);
  });

  it.each([
    ['changeBlock', { coupon_id: 'no-such-coupon', block_id: 'b' }],
    ['changeSerialType', { coupon_id: 'no-such-coupon', is_debug: true }],
  ])('PUT %s, an unknown coupon, answers 404', async (route, payload) => {
    expect((await call('PUT', `/api/admin/serials/${route}`, kit.admin(), payload)).statusCode).toBe(404);
  });

  it('POST redemptions, end before start, answers 400', async () => {
    expect(
      (await call('POST', '/api/admin/serials', kit.admin(), { start: '2025-03-02', end: '2025-03-01' })).statusCode,
    ).toBe(400);
  });
});

describe('serial admin generate', () => {
  it('generate, 5 codes with a prefix, stores 5 distinct codes, publishes coupon.saved and audits it', async () => {
    const adminHeaders = kit.auth(`admin-${randomUUID()}`, ['admin']);
    const payload = {
      name: '1st シングル特典',
      count: 5,
      prefix: 'CD1',
      character_id: `char-${randomUUID()}`,
      block_id: 'bonus',
      tickets: 2,
    };
    await kit.publishCharacter(payload.character_id, ['start', 'bonus']);
    const res = await call('POST', '/api/admin/serials/generate', adminHeaders, payload);
    expect(res.statusCode).toBe(201);
    const coupon = (res.json() as { coupon: Coupon }).coupon;
    expect(coupon).toMatchObject({
      name: payload.name,
      prefix: 'CD1',
      count: 5,
      redeemed: 0,
      tickets: 2,
      is_debug: false,
      valid_from: null,
      valid_until: null,
    });
    const codes = await kit.codesOf(coupon.coupon_id);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^CD1[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(await kit.outbox({ type: 'coupon.saved', key: coupon.coupon_id })).toMatchObject([
      {
        data: { coupon_id: coupon.coupon_id, block_id: 'bonus', name: '1st シングル特典', tickets: 2, is_debug: false },
      },
    ]);
    expect(
      await kit.outbox({
        type: 'admin.acted',
        'envelope.data.action': 'serials.generated',
        'envelope.data.detail.coupon_id': coupon.coupon_id,
      }),
    ).toHaveLength(1);
  });

  it('generate, a block id the character does not have, answers 400 naming the id in Japanese and stores nothing', async () => {
    const characterId = `char-${randomUUID()}`;
    await kit.publishCharacter(characterId, ['start', 'bonus']);
    const res = await call('POST', '/api/admin/serials/generate', kit.admin(), {
      name: '存在しない',
      count: 2,
      character_id: characterId,
      block_id: 'no-such-block',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'DANGLING_REFERENCE', field: 'block_id', id: 'no-such-block' });
    expect(res.json().message).toContain('ブロック「no-such-block」');
    expect(await openSerials(svc.platform.store).countDocuments({ character_id: characterId })).toBe(0);
  });

  it('generate, a character the catalog never published, answers 400 naming it', async () => {
    const characterId = `char-${randomUUID()}`;
    const res = await call('POST', '/api/admin/serials/generate', kit.admin(), {
      name: '未公開',
      count: 1,
      character_id: characterId,
      block_id: 'block-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field: 'character_id' });
    expect(res.json().message).toContain(`キャラクター「${characterId}」`);
  });

  it('generate, a character announced without block ids (an older catalog), is not refused', async () => {
    const characterId = `char-${randomUUID()}`;
    await svc.platform.events.publish('character.published', characterId, {
      character_id: characterId,
      name: '旧版',
      description: '',
      published_at: new Date().toISOString(),
      version: 1,
    });
    await eventually(
      async () => (await svc.platform.store.collection('character_names').countDocuments({ _id: characterId })) === 1,
    );
    const res = await call('POST', '/api/admin/serials/generate', kit.admin(), {
      name: '旧版',
      count: 1,
      character_id: characterId,
      block_id: 'any-block',
    });
    expect(res.statusCode).toBe(201);
  });

  it('generate, the maximum of 20,000, stores all of them in one batch', async () => {
    const coupon = await kit.generate({ count: 20_000, prefix: 'MAX' });
    expect(coupon.count).toBe(20_000);
    expect(await openSerials(svc.platform.store).countDocuments({ coupon_id: coupon.coupon_id })).toBe(20_000);
  });
});

describe('serial admin reads', () => {
  it('coupons, filtered by character and words of the name, lists the batch newest first with its redeemed count', async () => {
    const characterId = `char-${randomUUID()}`;
    const older = await kit.generate({ character_id: characterId, name: '春のキャンペーン' });
    const newer = await kit.generate({ character_id: characterId, name: '夏のキャンペーン' });
    const [code] = await kit.codesOf(newer.coupon_id);
    await kit.redeem(randomUUID(), code!);
    const all = (await call('GET', `/api/admin/serials/coupons?character_id=${characterId}`, kit.admin())).json();
    expect(all).toMatchObject({ ok: true, total: 2, page: 1, pages: 1 });
    expect(all.coupons.map((c: Coupon) => [c.coupon_id, c.redeemed])).toEqual([
      [newer.coupon_id, 1],
      [older.coupon_id, 0],
    ]);
    const spring = (
      await call(
        'GET',
        `/api/admin/serials/coupons?character_id=${characterId}&q=${encodeURIComponent('春')}`,
        kit.admin(),
      )
    ).json();
    expect(spring.coupons.map((c: Coupon) => c.coupon_id)).toEqual([older.coupon_id]);
  });

  it('coupons, a name search with regex symbols, matches them literally', async () => {
    const res = await call('GET', `/api/admin/serials/coupons?q=${encodeURIComponent('.*(')}`, kit.admin());
    expect(res.statusCode).toBe(200);
    expect(res.json().coupons).toEqual([]);
  });

  it('list, by status, user, start of code and debug flag, filters the serials', async () => {
    const coupon = await kit.generate({ count: 4 });
    const codes = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    await kit.redeem(userId, codes[0]!);
    const list = async (query: string) =>
      (await call('GET', `/api/admin/serials/list?coupon_id=${coupon.coupon_id}&${query}`, kit.admin())).json();
    expect((await list('status=used')).serials.map((s: { id: string }) => s.id)).toEqual([codes[0]]);
    expect((await list('status=unused')).total).toBe(3);
    expect((await list(`user_id=${userId}`)).serials).toMatchObject([
      { id: codes[0], redeemed_by: userId, redemptions: 1 },
    ]);
    expect(
      (await list(`q=${printCode('', codes[1]!).slice(0, 9).toLowerCase()}`)).serials.map((s: { id: string }) => s.id),
    ).toContain(codes[1]);
    expect((await list('is_debug=true')).total).toBe(0);
    expect((await list('is_debug=false')).total).toBe(4);
  });

  it('GET by id, a coupon id, answers the coupon; a code as printed, the serial with its coupon; anything else 404', async () => {
    const coupon = await kit.generate({ prefix: 'GET' });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const byCoupon = (await call('GET', `/api/admin/serials/${coupon.coupon_id}`, kit.admin())).json();
    expect(byCoupon).toMatchObject({ ok: true, coupon: { coupon_id: coupon.coupon_id, count: 3 } });
    expect(byCoupon.serial).toBeUndefined();
    const byCode = (await call('GET', `/api/admin/serials/${printCode('GET', code!)}`, kit.admin())).json();
    expect(byCode).toMatchObject({
      ok: true,
      coupon: { coupon_id: coupon.coupon_id },
      serial: { id: code, redeemed_by: null },
    });
    expect((await call('GET', '/api/admin/serials/NOPE0000', kit.admin())).statusCode).toBe(404);
  });

  it('csv, a batch, downloads UTF-8 with BOM, Japanese headers and every code grouped for print', async () => {
    const coupon = await kit.generate({ count: 3, prefix: 'CSV', name: '=HYPERLINK("x"),特典' });
    const codes = await kit.codesOf(coupon.coupon_id);
    await kit.redeem(randomUUID(), codes[0]!);
    const res = await call('GET', `/api/admin/serials/${coupon.coupon_id}/csv`, kit.admin());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=serials_${coupon.coupon_id}.csv`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('シリアルコード,クーポンID,クーポン名,キャラクターID,ブロックID,有効開始,有効期限,使用日時');
    expect(lines).toHaveLength(4);
    for (const code of codes) expect(res.body).toContain(printCode('CSV', code));
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""),特典"`);
    expect(lines.find((line) => line.startsWith(printCode('CSV', codes[0]!)))).toMatch(/,\d{4}-\d\d-\d\dT[^,]+Z$/);
  });

  it('csv, an unknown coupon, answers 404', async () => {
    expect((await call('GET', '/api/admin/serials/no-such-coupon/csv', kit.admin())).statusCode).toBe(404);
  });
});

describe('serial admin writes', () => {
  it('changeBlock, a batch with one redeemed serial, moves the unused serials only and publishes the previous block', async () => {
    const coupon = await kit.generate({ count: 3, block_id: 'old-block' });
    await kit.ensureBlock(coupon.character_id, 'new-block');
    const codes = await kit.codesOf(coupon.coupon_id);
    await kit.redeem(randomUUID(), codes[0]!);
    const res = await call('PUT', '/api/admin/serials/changeBlock', kit.admin(), {
      coupon_id: coupon.coupon_id,
      block_id: 'new-block',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, coupon: { block_id: 'new-block', redeemed: 1 } });
    const blocks = (await openSerials(svc.platform.store).find({ coupon_id: coupon.coupon_id })).map((s) => [
      s._id,
      s.block_id,
    ]);
    expect(Object.fromEntries(blocks)).toEqual({
      [codes[0]!]: 'old-block',
      [codes[1]!]: 'new-block',
      [codes[2]!]: 'new-block',
    });
    const saved = await kit.outbox({ type: 'coupon.saved', key: coupon.coupon_id });
    expect(saved.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ block_id: 'new-block', previous_block_id: 'old-block' }),
    );
    expect(
      await kit.outbox({
        type: 'admin.acted',
        'envelope.data.action': 'serials.block_changed',
        'envelope.data.detail.coupon_id': coupon.coupon_id,
      }),
    ).toHaveLength(1);
  });

  it('changeBlock, to a block id the character does not have, answers 400 naming it and moves nothing', async () => {
    const coupon = await kit.generate({ count: 2, block_id: 'kept-block' });
    const res = await call('PUT', '/api/admin/serials/changeBlock', kit.admin(), {
      coupon_id: coupon.coupon_id,
      block_id: 'typo-block',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field: 'block_id', id: 'typo-block' });
    expect(res.json().message).toContain('ブロック「typo-block」');
    expect(
      await openSerials(svc.platform.store).countDocuments({ coupon_id: coupon.coupon_id, block_id: 'kept-block' }),
    ).toBe(2);
  });

  it('changeSerialType, to debug, flags every serial: customers are refused, staff may redeem, stats leave it out', async () => {
    const coupon = await kit.generate({ count: 2 });
    const codes = await kit.codesOf(coupon.coupon_id);
    const res = await call('PUT', '/api/admin/serials/changeSerialType', kit.admin(), {
      coupon_id: coupon.coupon_id,
      is_debug: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon.is_debug).toBe(true);
    expect(await openSerials(svc.platform.store).countDocuments({ coupon_id: coupon.coupon_id, is_debug: true })).toBe(
      2,
    );
    expect((await kit.redeem(randomUUID(), codes[0]!)).statusCode).toBe(403);
    expect((await kit.redeem(randomUUID(), codes[0]!, { roles: ['admin'] })).statusCode).toBe(200);
    const stats = (await call('GET', `/api/admin/serials/stats?coupon_id=${coupon.coupon_id}`, kit.admin())).json()
      .stats;
    expect(stats).toMatchObject({ generated: 0, redeemed: 0, by_day: [], by_coupon: [] });
    expect(await kit.outbox({ type: 'coupon.saved', key: coupon.coupon_id })).toHaveLength(2);
  });
});
