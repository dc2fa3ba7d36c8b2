import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { billingService } from '../index.ts';
import { openLots, openWallets } from './model.ts';
import { openReleaseMarks, releaseTicketUse } from './talk-release.ts';
import { ledgerTestKit } from './test-service.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(billingService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = ledgerTestKit(() => svc);

/** Uses one talk ticket through the route; answers billing's use id. */
async function useTicket(userId: string): Promise<string> {
  const res = await svc.app.inject({
    method: 'POST',
    url: '/api/talk_tickets',
    headers: kit.money(userId),
    payload: { user_id: userId, character_id: 'mirai', btn: 'start' },
  });
  if (res.statusCode !== 200) throw new Error(`use failed: ${res.body}`);
  return res.json().use_id as string;
}

const released = (userId: string, useId: string | null, talkId = randomUUID()) =>
  svc.platform.events.publish('talk.released', userId, {
    talk_id: talkId,
    user_id: userId,
    character_id: 'mirai',
    ticket_use_id: useId,
    reason: 'video failed',
    released_at: new Date().toISOString(),
  });
const ticketsOf = async (userId: string) =>
  (await openWallets(svc.platform.store).findOne({ _id: userId }))?.talk_tickets;
const releasedLotsOf = (userId: string) => openLots(svc.platform.store).find({ user_id: userId, source: 'released' });

describe('talk.released (consumer group billing-talks)', () => {
  it('talk release, delivered twice and named by a second talk, gives exactly one ticket back with the original expiry', async () => {
    const me = randomUUID();
    const expiry = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await kit.giveTickets(me, 2, undefined, expiry);
    const useId = await useTicket(me);
    const marker = await useTicket(me);

    const event = await released(me, useId);
    await svc.platform.bus.publish(event);
    await released(me, useId);
    await released(me, marker);

    await eventually(async () => (await releasedLotsOf(me)).length === 2);
    expect(await ticketsOf(me)).toBe(2);
    const lots = await releasedLotsOf(me);
    expect(lots.find((l) => l.ref === `release:${useId}`)).toMatchObject({
      granted: 1,
      remaining: 1,
      expires_at: expiry,
    });
  });

  it('talk release, the history, shows the ticket added back with source released and ticket.granted is announced', async () => {
    const me = randomUUID();
    await kit.giveTickets(me, 1);
    const useId = await useTicket(me);

    await released(me, useId);

    await eventually(async () => (await ticketsOf(me)) === 1);
    const history = await svc.app.inject({
      method: 'POST',
      url: '/api/billing/history',
      headers: kit.auth(me),
      payload: { user_id: me, asset: 'tickets' },
    });
    expect(history.json().historyState.items[0]).toMatchObject({
      kind: 'added',
      delta: 1,
      source: 'released',
      character_id: 'mirai',
    });
    expect((await kit.eventsOf(me, 'ticket.granted')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ source: 'released', count: 1 }),
    );
  });

  it("talk release, naming another user's use, gives nobody a ticket", async () => {
    const victim = randomUUID();
    const intruder = randomUUID();
    await kit.giveTickets(victim, 1);
    const victimsUse = await useTicket(victim);
    await kit.giveTickets(intruder, 1);
    const ownUse = await useTicket(intruder);

    await released(intruder, victimsUse);
    await released(intruder, ownUse);

    await eventually(async () => (await ticketsOf(intruder)) === 1);
    expect(await ticketsOf(victim)).toBe(0);
    expect(await releasedLotsOf(victim)).toEqual([]);
    expect(await releasedLotsOf(intruder)).toHaveLength(1);
  });

  it('talk release, without a ticket use or with an unknown one, changes no wallet', async () => {
    const me = randomUUID();
    await kit.giveTickets(me, 1);
    const useId = await useTicket(me);

    await released(me, null);
    await released(me, randomUUID());
    await released(me, useId);

    await eventually(async () => (await ticketsOf(me)) === 1);
    expect(await releasedLotsOf(me)).toHaveLength(1);
  });

  it('talk release, the ticket given back, can be used once and the wallet never goes below zero', async () => {
    const me = randomUUID();
    await kit.giveTickets(me, 1);
    const useId = await useTicket(me);
    await released(me, useId);
    await eventually(async () => (await ticketsOf(me)) === 1);

    await useTicket(me);
    const refused = await svc.app.inject({
      method: 'POST',
      url: '/api/talk_tickets',
      headers: kit.money(me),
      payload: { user_id: me, character_id: 'mirai', btn: 'start' },
    });

    expect(refused.statusCode).toBe(409);
    expect(await ticketsOf(me)).toBe(0);
  });

  it('user.deleted, a user with a released use, erases the release marks', async () => {
    const me = randomUUID();
    await kit.giveTickets(me, 1);
    await released(me, await useTicket(me));
    await eventually(async () => (await openReleaseMarks(svc.platform.store).countDocuments({ user_id: me })) === 1);

    await svc.platform.events.publish('user.deleted', me, { user_id: me, by: 'user' });

    await eventually(async () => (await openReleaseMarks(svc.platform.store).countDocuments({ user_id: me })) === 0);
  });
});

describe('releaseTicketUse', () => {
  it('releaseTicketUse, a lot that expired since the use, gives nothing back but marks the use', async () => {
    const me = randomUUID();
    const expiry = new Date(Date.now() + 86_400_000).toISOString();
    await kit.giveTickets(me, 1, undefined, expiry);
    const useId = await useTicket(me);
    const later = new Date(Date.now() + 2 * 86_400_000);

    const outcome = await kit.inTx((tx) =>
      releaseTicketUse(tx, svc.platform.events, { user_id: me, use_id: useId, talk_id: randomUUID(), now: later }),
    );

    expect(outcome).toEqual({ given: 0 });
    expect(await ticketsOf(me)).toBe(0);
  });

  it('releaseTicketUse, twice in one go, gives one ticket and then answers already released', async () => {
    const me = randomUUID();
    await kit.giveTickets(me, 1);
    const useId = await useTicket(me);
    const release = { user_id: me, use_id: useId, talk_id: randomUUID(), now: new Date() };

    const first = await kit.inTx((tx) => releaseTicketUse(tx, svc.platform.events, release));
    const second = await kit.inTx((tx) => releaseTicketUse(tx, svc.platform.events, release));

    expect([first, second]).toEqual([{ given: 1 }, { skipped: 'already-released' }]);
    expect(await ticketsOf(me)).toBe(1);
  });

  it("releaseTicketUse, another user's use id, answers unknown use and marks nothing", async () => {
    const victim = randomUUID();
    await kit.giveTickets(victim, 1);
    const useId = await useTicket(victim);

    const outcome = await kit.inTx((tx) =>
      releaseTicketUse(tx, svc.platform.events, {
        user_id: randomUUID(),
        use_id: useId,
        talk_id: randomUUID(),
        now: new Date(),
      }),
    );

    expect(outcome).toEqual({ skipped: 'unknown-use' });
    expect(await openReleaseMarks(svc.platform.store).countDocuments({ _id: useId })).toBe(0);
  });
});
