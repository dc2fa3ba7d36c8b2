import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketUseProofs } from '@talkwith/platform';
import { startServiceForTest, TEST_JWT_SECRET, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { billingService } from '../index.ts';
import { openEntries, openWallets } from './model.ts';
import { openCharacterActions } from '../catalog/model.ts';
import { catalogFactsKit } from '../catalog/test-support.ts';
import { ledgerTestKit } from './test-service.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(billingService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = ledgerTestKit(() => svc);
const catalog = catalogFactsKit(() => svc);

const useTicket = (userId: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  svc.app.inject({
    method: 'POST',
    url: '/api/talk_tickets',
    headers,
    payload: { user_id: userId, character_id: 'char-1', btn: 'start', ...body },
  });
const usePoints = (userId: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  svc.app.inject({
    method: 'POST',
    url: `/api/points/use/${userId}`,
    headers,
    payload: { points: 30, action_code: 'hint', character_id: 'char-1', btn: 'b1', ...body },
  });

describe('ledger wallet route', () => {
  it('wallet, no token, answers 401 UNAUTHENTICATED', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/billing/wallet' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });

  it('wallet, an account that never sent user.registered, opens an empty wallet (never 404)', async () => {
    const userId = randomUUID();
    const res = await svc.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: kit.auth(userId) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, points: 0, talk_tickets: 0 });
    expect(await openWallets(svc.platform.store).countDocuments({ _id: userId })).toBe(1);
  });

  it('wallet, two ticket lots and one point lot, shows totals and the soonest expiring lot of each', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 2, undefined, new Date(Date.now() + 86_400_000).toISOString());
    await kit.giveTickets(userId, 5);
    await kit.givePoints(userId, 40);
    const body = (
      await svc.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: kit.auth(userId) })
    ).json();
    expect(body).toMatchObject({
      ok: true,
      talk_tickets: 7,
      points: 40,
      next_expiry: { tickets: { count: 2 }, points: { points: 40 } },
    });
  });
});

describe('ledger ticket use route', () => {
  it('talk ticket use, own id with 2 tickets, spends one and answers the balance', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 2);
    const res = await useTicket(userId, kit.money(userId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      used: 1,
      talk_tickets: 1,
      use_id: expect.any(String),
      use_token: expect.any(String),
    });
    expect(await kit.eventsOf(userId, 'ticket.used')).toMatchObject([
      { data: { user_id: userId, count: 1, character_id: 'char-1', btn: 'start', use_id: res.json().use_id } },
    ]);
  });

  it('talk ticket use, a ticket spent, answers a use_token proving this use for this user and character for 3 hours', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 1);
    const before = Date.now();
    const body = (await useTicket(userId, kit.money(userId), { character_id: 'char-7' })).json();
    const proofs = ticketUseProofs(TEST_JWT_SECRET);
    expect(proofs.verify(body.use_token)).toMatchObject({
      use_id: body.use_id,
      user_id: userId,
      character_id: 'char-7',
    });
    expect(proofs.verify(body.use_token, new Date(before + 3 * 3600_000 + 2000))).toBeNull();
    expect(svc.tokenFor(userId)).not.toBe(body.use_token);
  });

  it("talk ticket use, another user's id, answers 403 and spends nothing", async () => {
    const victim = randomUUID();
    await kit.giveTickets(victim, 1);
    const res = await useTicket(victim, kit.money(randomUUID()));
    expect(res.statusCode).toBe(403);
    expect((await openWallets(svc.platform.store).findOne({ _id: victim }))?.talk_tickets).toBe(1);
  });

  it('talk ticket use, no Idempotency-Key, answers 400', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 1);
    const res = await useTicket(userId, kit.auth(userId));
    expect(res.statusCode).toBe(400);
    expect((await openWallets(svc.platform.store).findOne({ _id: userId }))?.talk_tickets).toBe(1);
  });

  it('talk ticket use, repeated with the same key, answers the first answer and spends once', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 3);
    const headers = kit.money(userId);
    const first = await useTicket(userId, headers);
    const again = await useTicket(userId, headers);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.json().use_token).toBe(first.json().use_token);
    expect(await openEntries(svc.platform.store).countDocuments({ user_id: userId, kind: 'used' })).toBe(1);
    expect((await openWallets(svc.platform.store).findOne({ _id: userId }))?.talk_tickets).toBe(2);
  });

  it('talk ticket use, the same key with another body, answers 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 3);
    const headers = kit.money(userId);
    await useTicket(userId, headers);
    const res = await useTicket(userId, headers, { character_id: 'char-2' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('talk ticket use, no tickets, answers 409 INSUFFICIENT_TICKETS in Japanese', async () => {
    const userId = randomUUID();
    const res = await useTicket(userId, kit.money(userId));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_TICKETS',
      message: 'トークチケットが足りません。',
    });
  });

  it('talk ticket use, 20 concurrent uses of the last 3 tickets, lets exactly 3 succeed', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 2);
    await kit.giveTickets(userId, 1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => useTicket(userId, kit.money(userId))));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(17);
    expect((await openWallets(svc.platform.store).findOne({ _id: userId }))?.talk_tickets).toBe(0);
    expect(await openEntries(svc.platform.store).countDocuments({ user_id: userId, kind: 'used' })).toBe(3);
  });

  it('talk ticket use, 10 concurrent repeats of one key, spends one ticket and answers all the same', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 5);
    const headers = kit.money(userId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => useTicket(userId, headers)));
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.body}`)).size).toBe(1);
    expect((await openWallets(svc.platform.store).findOne({ _id: userId }))?.talk_tickets).toBe(4);
  });

  it('talk ticket use, only a lot past expiry the sweep has not reached, answers 409; the wallet then shows it written off', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 2, new Date(Date.now() - 200 * 86_400_000));
    const res = await useTicket(userId, kit.money(userId));
    expect(res.statusCode).toBe(409);
    const wallet = await svc.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: kit.auth(userId) });
    expect(wallet.json()).toEqual({ ok: true, points: 0, talk_tickets: 0 });
    expect(await kit.eventsOf(userId, 'ticket.expired')).toMatchObject([{ data: { count: 2 } }]);
  });
});

/** A published character whose action `hint` costs 30 points, as the default body of usePoints names it. */
const hintCharacter = async (points = 30) => ({
  character_id: await catalog.publishCharacter([{ code: 'hint', points }]),
});

describe('ledger points and history routes', () => {
  it('points use, 100 held, spends 30 (TA0001) and answers the balance', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 100);
    const res = await usePoints(userId, kit.money(userId), await hintCharacter());
    expect(res.json()).toEqual({ ok: true, used: 30, points: 70 });
    expect(await kit.eventsOf(userId, 'points.used')).toMatchObject([
      { data: { points: 30, code: 'TA0001', action_code: 'hint' } },
    ]);
  });

  it('points use, more than held, answers 402 INSUFFICIENT_POINTS and spends nothing', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 10);
    const res = await usePoints(userId, kit.money(userId), { ...(await hintCharacter(11)), points: 11 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', message: 'ポイントが足りません。' });
    expect((await openWallets(svc.platform.store).findOne({ _id: userId }))?.points).toBe(10);
  });

  it('points use, negative, zero, fractional or huge points, answers 400', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 10);
    const character = await hintCharacter();
    for (const points of [-5, 0, 1.5, 1e12])
      expect((await usePoints(userId, kit.money(userId), { ...character, points })).statusCode).toBe(400);
  });

  it("points use, another user's id, answers 403", async () => {
    const victim = randomUUID();
    await kit.givePoints(victim, 100);
    expect((await usePoints(victim, kit.money(randomUUID()), await hintCharacter())).statusCode).toBe(403);
  });

  it('available tickets, two lots, lists them soonest expiry first; sum agrees', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 4);
    await kit.giveTickets(userId, 1, undefined, new Date(Date.now() + 3_600_000).toISOString());
    const available = (
      await svc.app.inject({ method: 'GET', url: `/api/talk_tickets/available/${userId}`, headers: kit.auth(userId) })
    ).json();
    expect(available.talk_tickets).toBe(5);
    expect(available.lots.map((lot: { remaining: number }) => lot.remaining)).toEqual([1, 4]);
    const sum = await svc.app.inject({
      method: 'POST',
      url: '/api/talk_tickets/sum',
      headers: kit.auth(userId),
      payload: { user_id: userId },
    });
    expect(sum.json()).toEqual({ ok: true, total: 5 });
  });

  it("available points, another user's id as a customer, answers 403; as an admin, 200", async () => {
    const userId = randomUUID();
    expect(
      (await svc.app.inject({ method: 'GET', url: `/api/points/available/${userId}`, headers: kit.auth(randomUUID()) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await svc.app.inject({
          method: 'GET',
          url: `/api/points/available/${userId}`,
          headers: kit.auth(randomUUID(), ['admin']),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('history, 23 lines, pages 20 then 3', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 23; i++) await kit.givePoints(userId, 1);
    const page = async (n: number) =>
      (
        await svc.app.inject({
          method: 'POST',
          url: '/api/billing/history',
          headers: kit.auth(userId),
          payload: { user_id: userId, page: n },
        })
      ).json().historyState;
    expect(await page(1)).toMatchObject({ total: 23, page: 1, items: expect.any(Array) });
    expect((await page(1)).items).toHaveLength(20);
    expect((await page(2)).items).toHaveLength(3);
  });

  it("history, another user's id, answers 403", async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/billing/history',
      headers: kit.auth(randomUUID()),
      payload: { user_id: randomUUID() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('history, a grant then a use, lists both newest first with kinds and deltas', async () => {
    const userId = randomUUID();
    await kit.giveTickets(userId, 2);
    await useTicket(userId, kit.money(userId));
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/billing/history',
      headers: kit.auth(userId),
      payload: { user_id: userId, asset: 'tickets' },
    });
    expect(res.json().historyState).toMatchObject({
      total: 2,
      page: 1,
      items: [
        { kind: 'used', delta: -1, character_id: 'char-1' },
        { kind: 'added', delta: 2, source: 'purchase' },
      ],
    });
  });
});

describe('points use priced by the published character', () => {
  const balanceOf = async (userId: string) => (await openWallets(svc.platform.store).findOne({ _id: userId }))?.points;

  it('points use, 1 point on a 5-point action, answers 400 and leaves the balance', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 100);
    const character_id = await catalog.publishCharacter([{ code: 'fortune', points: 5 }]);
    const res = await usePoints(userId, kit.money(userId), { character_id, action_code: 'fortune', points: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      field: 'points',
      message: expect.stringContaining('5ポイント'),
    });
    expect(await balanceOf(userId)).toBe(100);
  });

  it('points use, more than the action costs, answers 400 and spends nothing', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 100);
    const character_id = await catalog.publishCharacter([{ code: 'fortune', points: 5 }]);
    expect(
      (await usePoints(userId, kit.money(userId), { character_id, action_code: 'fortune', points: 50 })).statusCode,
    ).toBe(400);
    expect(await balanceOf(userId)).toBe(100);
  });

  it('points use, an action the character does not sell, answers 400 in Japanese', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 100);
    const character_id = await catalog.publishCharacter([{ code: 'fortune', points: 5 }]);
    const res = await usePoints(userId, kit.money(userId), { character_id, action_code: 'no-such-action', points: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'action_code',
      message: 'このアクションはポイントでは使えません。',
    });
    expect(await balanceOf(userId)).toBe(100);
  });

  it('points use, a character never published, answers 400 in Japanese', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 100);
    const res = await usePoints(userId, kit.money(userId), {
      character_id: 'no-such-character',
      action_code: 'hint',
      points: 30,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'character_id',
      message: 'キャラクターが見つかりません。',
    });
    expect(await balanceOf(userId)).toBe(100);
  });

  it('points use, a character unpublished since, answers 400', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 100);
    const { character_id } = await hintCharacter();
    await svc.platform.events.publish('character.unpublished', character_id, { character_id });
    await eventually(
      async () => (await openCharacterActions(svc.platform.store).findOne({ _id: character_id }))?.published === false,
    );
    const res = await usePoints(userId, kit.money(userId), { character_id });
    expect(res.statusCode).toBe(400);
    expect(await balanceOf(userId)).toBe(100);
  });

  it('points use, a newer version raised the price, takes the new price and refuses the old one', async () => {
    const userId = randomUUID();
    await kit.givePoints(userId, 100);
    const character_id = await catalog.publishCharacter([{ code: 'hint', points: 30 }]);
    await catalog.publishCharacter([{ code: 'hint', points: 40 }], character_id, 2);
    expect((await usePoints(userId, kit.money(userId), { character_id, points: 30 })).statusCode).toBe(400);
    expect((await usePoints(userId, kit.money(userId), { character_id, points: 40 })).json()).toEqual({
      ok: true,
      used: 40,
      points: 60,
    });
  });
});
