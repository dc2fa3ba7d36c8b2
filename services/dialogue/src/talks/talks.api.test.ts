import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { dialogueService } from '../index.ts';
import { loadRecognition } from '../recognition/characters.ts';
import { newId, talksTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
  await kit.known('mirai');
  await kit.known('other');
});
afterAll(async () => {
  await svc?.close();
});
const kit = talksTestKit(() => svc);

/** A priced character (group `group-paid`) published for one test. */
async function pricedCharacter(group_id: string | null = null): Promise<string> {
  const characterId = newId('paid');
  await kit.publish(characterId, { b1: 'はじめまして' }, 1, { price: 800, group_id });
  return characterId;
}

describe('POST /api/dialogue/talks', () => {
  it("talk start, a priced character with the caller's ticket use, answers the started talk with its use id and publishes talk.started", async () => {
    const me = newId('u');
    const useId = randomUUID();
    const paid = await pricedCharacter();

    const res = await kit.start(me, {
      character_id: paid,
      btn: 'btn-1',
      ticket_use_token: kit.ticketToken(me, paid, useId),
    });

    expect(res.statusCode).toBe(200);
    expect(res.json().talk).toMatchObject({
      character_id: paid,
      btn: 'btn-1',
      status: 'started',
      ticket_use_id: useId,
      replied_at: null,
      ended_at: null,
      total_billed_time: 0,
    });
    const [started] = await kit.eventsOf('talk.started', me);
    expect(started?.data).toMatchObject({ talk_id: res.json().talk.talk_id, user_id: me, ticket_use_id: useId });
  });

  it('talk start, the same Idempotency-Key replayed, returns the same talk and publishes once', async () => {
    const me = newId('u');
    const key = randomUUID();

    const first = await kit.start(me, { character_id: 'mirai' }, key);
    const second = await kit.start(me, { character_id: 'mirai' }, key);

    expect(second.json().talk).toEqual(first.json().talk);
    expect(await kit.eventsOf('talk.started', me)).toHaveLength(1);
  });

  it('talk start, concurrent twins with one key, make one talk', async () => {
    const me = newId('u');
    const key = randomUUID();

    const replies = await Promise.all([1, 2, 3].map(() => kit.start(me, { character_id: 'mirai' }, key)));

    expect(new Set(replies.map((r) => r.json().talk.talk_id)).size).toBe(1);
    expect(await kit.eventsOf('talk.started', me)).toHaveLength(1);
  });

  it('talk start, the same key by another user, makes that user a talk of their own', async () => {
    const key = randomUUID();
    const mine = await kit.start(newId('u'), { character_id: 'mirai' }, key);

    const theirs = await kit.start(newId('u'), { character_id: 'mirai' }, key);

    expect(theirs.json().talk.talk_id).not.toBe(mine.json().talk.talk_id);
  });

  it('talk start, a key reused for another request, is refused 422', async () => {
    const me = newId('u');
    const key = randomUUID();
    await kit.start(me, { character_id: 'mirai' }, key);

    const res = await kit.start(me, { character_id: 'other' }, key);

    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('talk start, a ticket use already backing a talk, is refused 409 TICKET_USE_TAKEN', async () => {
    const me = newId('u');
    const paid = await pricedCharacter();
    const token = kit.ticketToken(me, paid);
    await kit.startedTalkId(me, { character_id: paid, ticket_use_token: token });

    const res = await kit.start(me, { character_id: paid, ticket_use_token: token });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ok: false, code: 'TICKET_USE_TAKEN', message: expect.any(String) });
  });

  it('talk start, a priced character without a ticket, is refused 402 TICKET_REQUIRED and starts nothing', async () => {
    const me = newId('u');
    const paid = await pricedCharacter();

    const res = await kit.start(me, { character_id: paid });

    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      ok: false,
      code: 'TICKET_REQUIRED',
      message: 'このキャラクターと話すにはトークチケットが必要です。',
      error: expect.any(String),
    });
    expect(await kit.eventsOf('talk.started', me)).toHaveLength(0);
  });

  it("talk start, another user's ticket use, is refused 403 and leaves the use to its owner", async () => {
    const owner = newId('u');
    const thief = newId('u');
    const paid = await pricedCharacter();
    const token = kit.ticketToken(owner, paid);

    const stolen = await kit.start(thief, { character_id: paid, ticket_use_token: token });
    const own = await kit.start(owner, { character_id: paid, ticket_use_token: token });

    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'このトークチケットは使えません。' });
    expect(own.statusCode).toBe(200);
  });

  it('talk start, a ticket use of another character, expired or forged, is refused 403', async () => {
    const me = newId('u');
    const paid = await pricedCharacter();
    const elsewhere = kit.ticketToken(me, 'mirai');
    const expired = kit.ticketToken(me, paid, randomUUID(), new Date(Date.now() - 4 * 3600_000));
    const forged = `${kit.ticketToken(me, paid).slice(0, -4)}AAAA`;
    const accessToken = svc.tokenFor(me);

    for (const token of [elsewhere, expired, forged, accessToken]) {
      const res = await kit.start(me, { character_id: paid, ticket_use_token: token });
      expect(res.statusCode).toBe(403);
    }
  });

  it('talk start, a character dialogue does not know (never published or unpublished), is refused 404 NOT_FOUND', async () => {
    const me = newId('u');
    const gone = await pricedCharacter();
    await svc.platform.events.publish('character.unpublished', gone, { character_id: gone });
    await eventually(async () => ((await loadRecognition(svc.platform.store, gone)) === null ? true : undefined));

    const unknown = await kit.start(me, { character_id: newId('nobody') });
    const unpublished = await kit.start(me, { character_id: gone, ticket_use_token: kit.ticketToken(me, gone) });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ok: false, code: 'NOT_FOUND', message: 'キャラクターが見つかりません。' });
    expect(unpublished.statusCode).toBe(404);
  });

  it('talk start, the mic test of a priced character without a ticket, starts without a ticket use', async () => {
    const me = newId('u');
    const paid = await pricedCharacter();

    const res = await kit.start(me, { character_id: paid, btn: 'micTest' });

    expect(res.statusCode).toBe(200);
    expect(res.json().talk).toMatchObject({ btn: 'micTest', ticket_use_id: null });
  });

  it('talk start, a free character without a ticket, starts', async () => {
    const res = await kit.start(newId('u'), { character_id: 'mirai', btn: 'btn-1' });
    expect(res.statusCode).toBe(200);
  });

  it('talk start, an operator on a priced character without a ticket, starts', async () => {
    const paid = await pricedCharacter();
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/dialogue/talks',
      payload: { character_id: paid, btn: 'b1' },
      headers: { authorization: `Bearer ${svc.tokenFor(newId('admin'), ['admin'])}`, 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(200);
  });

  it('talk start, a priced character the caller bought (purchase.completed), starts without a ticket; cancelled, needs one again', async () => {
    const me = newId('u');
    const paid = await pricedCharacter();
    const purchaseId = randomUUID();
    await svc.platform.events.publish('purchase.completed', me, {
      purchase_id: purchaseId,
      user_id: me,
      order_id: `o-${purchaseId}`,
      product_id: `character-${paid}`,
      kind: 'character',
      amount: 800,
      character_id: paid,
      completed_at: new Date().toISOString(),
    });
    await eventually(async () => ((await kit.start(me, { character_id: paid })).statusCode === 200 ? true : undefined));

    await svc.platform.events.publish('purchase.canceled', me, {
      purchase_id: purchaseId,
      user_id: me,
      order_id: `o-${purchaseId}`,
      amount: 800,
      by: 'admin',
      canceled_at: new Date().toISOString(),
    });
    await eventually(async () => ((await kit.start(me, { character_id: paid })).statusCode === 402 ? true : undefined));
  });

  it("talk start, a priced character in the group of the caller's subscription, starts without a ticket; another group's needs one", async () => {
    const me = newId('u');
    const group = newId('group');
    const covered = await pricedCharacter(group);
    const outside = await pricedCharacter(newId('group'));
    await svc.platform.events.publish('subscription.started', `sub-${me}`, {
      subscription_id: `sub-${me}`,
      user_id: me,
      product_code: 'OTHERS',
      group_id: group,
      status: 'active',
      event: 'subscribe',
      period_start: new Date().toISOString(),
      period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });

    await eventually(async () =>
      (await kit.start(me, { character_id: covered })).statusCode === 200 ? true : undefined,
    );
    expect((await kit.start(me, { character_id: outside })).statusCode).toBe(402);
  });

  it('talk start, without a token, without a key or with a bad body, is refused', async () => {
    const anonymous = await svc.app.inject({
      method: 'POST',
      url: '/api/dialogue/talks',
      headers: { 'idempotency-key': randomUUID() },
      payload: { character_id: 'mirai', btn: 'b' },
    });
    const keyless = await svc.app.inject({
      method: 'POST',
      url: '/api/dialogue/talks',
      headers: kit.auth(newId('u')),
      payload: { character_id: 'mirai', btn: 'b' },
    });
    const badId = await kit.start(newId('u'), { character_id: '../etc/passwd' });

    expect(anonymous.statusCode).toBe(401);
    expect(keyless.statusCode).toBe(400);
    expect(badId.statusCode).toBe(400);
  });
});

describe('POST /api/dialogue/talks/:talk_id/release', () => {
  it('release, a talk without a reply, releases it and publishes talk.released with its ticket use', async () => {
    const me = newId('u');
    const useId = randomUUID();
    const paid = await pricedCharacter();
    const talkId = await kit.startedTalkId(me, {
      character_id: paid,
      ticket_use_token: kit.ticketToken(me, paid, useId),
    });

    const res = await kit.release(me, talkId, 'camera refused');

    expect(res.statusCode).toBe(200);
    expect(res.json().talk).toMatchObject({ talk_id: talkId, status: 'released' });
    const released = await kit.eventsOf('talk.released', me);
    expect(released.map((e) => e.data)).toEqual([
      expect.objectContaining({ talk_id: talkId, user_id: me, ticket_use_id: useId, reason: 'camera refused' }),
    ]);
  });

  it('release, twice, answers the released talk again and publishes once', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });
    await kit.release(me, talkId);

    const again = await kit.release(me, talkId);

    expect(again.statusCode).toBe(200);
    expect(again.json().talk.status).toBe('released');
    expect(await kit.eventsOf('talk.released', me)).toHaveLength(1);
  });

  it('release, after a tracked step, is refused 409 TALK_ALREADY_REPLIED and publishes nothing', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });
    await kit.step(me, { character_id: 'mirai', block_id: 'b1', talk_id: talkId });

    const res = await kit.release(me, talkId);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TALK_ALREADY_REPLIED' });
    expect(await kit.eventsOf('talk.released', me)).toHaveLength(0);
  });

  it("release, another user's talk, answers 404 and leaves it started", async () => {
    const owner = newId('u');
    const talkId = await kit.startedTalkId(owner, {
      character_id: 'mirai',
      ticket_use_token: kit.ticketToken(owner, 'mirai'),
    });

    const res = await kit.release(newId('intruder'), talkId);

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'TALK_NOT_FOUND' });
    expect((await kit.end(owner, talkId)).json().talk.status).toBe('ended');
  });

  it('release, an unknown talk or an empty reason, is refused', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });

    expect((await kit.release(me, randomUUID())).statusCode).toBe(404);
    expect((await kit.release(me, talkId, '')).statusCode).toBe(400);
  });
});

describe('POST /api/dialogue/talks/:talk_id/end', () => {
  it('end, a replied talk, records the billed time and publishes talk.ended', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });
    await kit.step(me, { character_id: 'mirai', block_id: 'b1', talk_id: talkId });

    const res = await kit.end(me, talkId, 'completed', 95.5);

    expect(res.json().talk).toMatchObject({ status: 'ended', total_billed_time: 95.5 });
    expect((await kit.eventsOf('talk.ended', me)).map((e) => e.data)).toEqual([
      expect.objectContaining({ talk_id: talkId, reason: 'completed', total_billed_time: 95.5 }),
    ]);
  });

  it('end, twice, keeps the first end and publishes once', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });
    const first = await kit.end(me, talkId, 'stopped', 12);

    const second = await kit.end(me, talkId, 'completed', 999);

    expect(second.json().talk).toEqual(first.json().talk);
    expect(second.json().talk.total_billed_time).toBe(12);
    expect(await kit.eventsOf('talk.ended', me)).toHaveLength(1);
  });

  it('end, a released talk, records the end and the talk stays released', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });
    await kit.release(me, talkId);

    const res = await kit.end(me, talkId, 'error', 0);

    expect(res.json().talk).toMatchObject({ status: 'released', total_billed_time: 0 });
    expect(res.json().talk.ended_at).not.toBeNull();
  });

  it("end, another user's talk, a bad reason or a negative time, is refused", async () => {
    const owner = newId('u');
    const talkId = await kit.startedTalkId(owner, { character_id: 'mirai' });

    expect((await kit.end(newId('intruder'), talkId)).statusCode).toBe(404);
    expect((await kit.end(owner, talkId, 'exploded')).statusCode).toBe(400);
    expect((await kit.end(owner, talkId, 'completed', -5)).statusCode).toBe(400);
    expect(await kit.eventsOf('talk.ended', owner)).toHaveLength(0);
  });
});
