import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { engagementService } from '../index.ts';
import { printCode } from './codes.ts';
import { openRedemptions, openSerials } from './model.ts';
import { serialTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = serialTestKit(() => svc);
const DAY = 86_400_000;

describe('serial check route, input', () => {
  it('serial check, no token, answers 401 UNAUTHENTICATED', async () => {
    const res = await svc.app.inject({ method: 'POST', url: '/api/serial/check', payload: { serial_id: 'ABCD' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });

  it.each([
    ['no serial_id', {}],
    ['an empty serial_id', { serial_id: '' }],
    ['symbols in serial_id', { serial_id: "ABCD'; DROP" }],
    ['a serial_id of 65 characters', { serial_id: 'A'.repeat(65) }],
    ['a serial_id that is an object', { serial_id: { $ne: null } }],
    ['a serial_id that is a list', { serial_id: ['ABCD', 'EFGH'] }],
    ['a user_id with spaces', { serial_id: 'ABCD', user_id: 'a b' }],
  ])('serial check, %s, answers 400 VALIDATION_FAILED', async (_, payload) => {
    const userId = randomUUID();
    const res = await svc.app.inject({ method: 'POST', url: '/api/serial/check', headers: kit.auth(userId), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it("serial check, another user's user_id, answers 403 and leaves the code unused", async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const res = await kit.redeem(randomUUID(), code!, { body: { user_id: randomUUID() } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await openSerials(svc.platform.store).findOne({ _id: code! }))?.redeemed_by).toBeNull();
  });

  it("serial check, an admin sending a customer's user_id, answers 403 too (nobody redeems for someone else)", async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const res = await kit.redeem(randomUUID(), code!, { roles: ['admin'], body: { user_id: randomUUID() } });
    expect(res.statusCode).toBe(403);
    expect(await openRedemptions(svc.platform.store).countDocuments({ serial_id: code! })).toBe(0);
  });
});

describe('serial check route, redemption', () => {
  it('serial check, a printed code typed in lower case with its own user_id, redeems it and publishes one masked serial.redeemed', async () => {
    const coupon = await kit.generate({ prefix: 'CDLO', tickets: 2 });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    const typed = printCode('CDLO', code!).toLowerCase().replaceAll('-', ' ');
    const res = await kit.redeem(userId, typed, { body: { user_id: userId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      message: 'シリアルコードを登録しました。',
      unlock: {
        coupon_id: coupon.coupon_id,
        character_id: coupon.character_id,
        block_id: 'block-1',
        tickets: 2,
        serial_masked: `${'*'.repeat(code!.length - 3)}${code!.slice(-3)}`,
      },
    });
    expect(await openSerials(svc.platform.store).findOne({ _id: code! })).toMatchObject({
      redeemed_by: userId,
      redemptions: 1,
    });
    const events = await kit.outbox({ type: 'serial.redeemed', key: userId });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      user_id: userId,
      coupon_id: coupon.coupon_id,
      block_id: 'block-1',
      tickets: 2,
      is_debug: false,
    });
    expect(JSON.stringify(events[0])).not.toContain(code!);
  });

  it('serial check, a code that does not exist, answers 404 SERIAL_NOT_FOUND', async () => {
    const res = await kit.redeem(randomUUID(), 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'SERIAL_NOT_FOUND',
      message: 'シリアルコードが正しくありません。',
    });
  });

  it('serial check, only hyphens and spaces, answers 404 (nothing left to look up)', async () => {
    const res = await kit.redeem(randomUUID(), ' - - ');
    expect(res.statusCode).toBe(404);
  });

  it('serial check, a code someone else redeemed, answers 409 SERIAL_USED and keeps the first redeemer', async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const first = randomUUID();
    expect((await kit.redeem(first, code!)).statusCode).toBe(200);
    const res = await kit.redeem(randomUUID(), code!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SERIAL_USED', message: 'このシリアルコードはすでに使用されています。' });
    expect((await openSerials(svc.platform.store).findOne({ _id: code! }))?.redeemed_by).toBe(first);
  });

  it('serial check, a batch whose validity ended, answers 409 SERIAL_EXPIRED', async () => {
    const coupon = await kit.generate({
      valid_from: new Date(Date.now() - 3 * DAY).toISOString(),
      valid_until: new Date(Date.now() - DAY).toISOString(),
    });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const res = await kit.redeem(randomUUID(), code!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SERIAL_EXPIRED' });
  });

  it('serial check, a batch valid only from tomorrow, answers 409 SERIAL_NOT_YET and leaves the code unused', async () => {
    const coupon = await kit.generate({ valid_from: new Date(Date.now() + DAY).toISOString() });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const res = await kit.redeem(randomUUID(), code!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SERIAL_NOT_YET' });
    expect((await openSerials(svc.platform.store).findOne({ _id: code! }))?.redemptions).toBe(0);
  });

  it('serial check, inside a window given with a +09:00 offset, redeems', async () => {
    const coupon = await kit.generate({
      valid_from: '2020-01-01T00:00:00+09:00',
      valid_until: '2999-01-01T00:00:00+09:00',
    });
    const [code] = await kit.codesOf(coupon.coupon_id);
    expect((await kit.redeem(randomUUID(), code!)).statusCode).toBe(200);
  });

  it('serial check, a second serial of the same batch for one account, answers 409 SERIAL_ALREADY_UNLOCKED and leaves that code for others', async () => {
    const coupon = await kit.generate();
    const [one, two] = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    expect((await kit.redeem(userId, one!)).statusCode).toBe(200);
    const res = await kit.redeem(userId, two!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SERIAL_ALREADY_UNLOCKED',
      message: 'この特典はすでに受け取っています。',
    });
    expect((await openSerials(svc.platform.store).findOne({ _id: two! }))?.redeemed_by).toBeNull();
    expect((await kit.redeem(randomUUID(), two!)).statusCode).toBe(200);
  });
});

describe('serial check route, debug serials', () => {
  it('serial check, a debug serial and a customer, answers 403 SERIAL_DEBUG_ONLY', async () => {
    const coupon = await kit.generate({ is_debug: true });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const res = await kit.redeem(randomUUID(), code!);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SERIAL_DEBUG_ONLY' });
  });

  it('serial check, a debug serial redeemed by two admins three times, records three redemptions and three events', async () => {
    const coupon = await kit.generate({ is_debug: true, tickets: 1 });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const [staff, other] = [randomUUID(), randomUUID()];
    for (const who of [staff, staff, other])
      expect((await kit.redeem(who, code!, { roles: ['admin'] })).statusCode).toBe(200);
    expect(await openRedemptions(svc.platform.store).countDocuments({ serial_id: code! })).toBe(3);
    expect(await openSerials(svc.platform.store).findOne({ _id: code! })).toMatchObject({
      redemptions: 3,
      redeemed_by: other,
    });
    const events = await kit.outbox({ type: 'serial.redeemed', 'envelope.data.coupon_id': coupon.coupon_id });
    expect(events).toHaveLength(3);
    expect(events.every((event) => (event.data as { is_debug: boolean }).is_debug)).toBe(true);
  });
});

describe('serial unlocks route', () => {
  it('unlocks, no token, answers 401', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/serial/unlocks' })).statusCode).toBe(401);
  });

  it('unlocks, a customer with two redemptions, lists only theirs, newest first, masked', async () => {
    const [a, b] = [await kit.generate(), await kit.generate()];
    const userId = randomUUID();
    const [codeA] = await kit.codesOf(a.coupon_id);
    const [codeB, codeOther] = await kit.codesOf(b.coupon_id);
    await kit.redeem(userId, codeA!);
    await kit.redeem(userId, codeB!);
    await kit.redeem(randomUUID(), codeOther!);
    const res = await svc.app.inject({ method: 'GET', url: '/api/serial/unlocks', headers: kit.auth(userId) });
    expect(res.statusCode).toBe(200);
    const unlocks = (res.json() as { unlocks: Array<{ coupon_id: string; serial_masked: string }> }).unlocks;
    expect(unlocks.map((u) => u.coupon_id)).toEqual([b.coupon_id, a.coupon_id]);
    expect(unlocks[0]!.serial_masked).toBe(`${'*'.repeat(codeB!.length - 3)}${codeB!.slice(-3)}`);
  });
});

describe('serial unlocks, named', () => {
  it('serial check and unlocks, a character the catalog published, name it', async () => {
    const characterId = `c-${randomUUID()}`;
    await kit.publishCharacter(characterId, ['block-1'], 'サクラ');
    const named = await kit.generate({ character_id: characterId });
    const userId = randomUUID();

    const reply = await kit.redeem(userId, (await kit.codesOf(named.coupon_id))[0]!);

    expect(reply.json().unlock).toMatchObject({ character_id: characterId, character_name: 'サクラ' });
    const unlocks = (
      await svc.app.inject({ method: 'GET', url: '/api/serial/unlocks', headers: kit.auth(userId) })
    ).json().unlocks as Array<{ character_name?: string }>;
    expect(unlocks.map((u) => u.character_name)).toEqual(['サクラ']);
  });
});

describe('serials and user.deleted', () => {
  it("user.deleted, a customer's redemption, keeps it (used, counted) but names deleted-user instead", async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    expect((await kit.redeem(userId, code!)).statusCode).toBe(200);
    await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'user' });
    const row = await eventually(async () => {
      const found = await openRedemptions(svc.platform.store).findOne({ serial_id: code! });
      return found?.user_id === 'deleted-user' ? found : null;
    });
    expect(row.once_key).not.toContain(userId);
    expect(await openSerials(svc.platform.store).findOne({ _id: code! })).toMatchObject({
      redeemed_by: 'deleted-user',
      redemptions: 1,
    });
    expect((await kit.redeem(randomUUID(), code!)).statusCode).toBe(409);
    const stats = (
      await svc.app.inject({
        method: 'GET',
        url: `/api/admin/serials/stats?coupon_id=${coupon.coupon_id}`,
        headers: kit.admin(),
      })
    ).json();
    expect(stats.stats.redeemed).toBe(1);
  });
});
