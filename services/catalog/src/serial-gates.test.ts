import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockBlockReferences } from '@talkwith/dialogue-engine';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { publicCharacterOf, type PublicCharacter } from '@talkwith/proto/dialogue';
import { catalogService } from './index.ts';
import type { EventOf } from '@talkwith/proto';
import { onSerialGateEvent, withoutLockedBlocks } from './serial-gates.ts';

const demo = (): PublicCharacter => publicCharacterOf(demoCharacter);
const everyBlockReference = (c: PublicCharacter) => c.blocks.flatMap((b) => blockBlockReferences(b).map((r) => r.id));

describe('withoutLockedBlocks', () => {
  it('withoutLockedBlocks, the fortune block locked, leaves it, its start button and every path into it out, naming the block and its button in every language', () => {
    const before = demo();
    expect(everyBlockReference(before)).toContain('fortune');

    const { dialogue, locked } = withoutLockedBlocks(before, new Set(['fortune']));

    expect(dialogue.blocks.map((b) => b.id)).not.toContain('fortune');
    expect(everyBlockReference(dialogue)).not.toContain('fortune');
    expect(dialogue.startButtons.map((s) => s.id)).toEqual(['btn-talk', 'btn-mic']);
    expect(locked).toEqual([
      {
        block_id: 'fortune',
        title: '占い',
        title_i18n: { 'en-US': 'Fortune', 'fil-PH': 'Hula', 'zh-TW': '占卜' },
        start_button_title: '占い',
        start_button_title_i18n: { 'en-US': 'Fortune', 'fil-PH': 'Hula', 'zh-TW': '占卜' },
      },
    ]);
  });

  it('withoutLockedBlocks, nothing of the character locked, returns the dialogue unchanged', () => {
    const before = demo();
    const { dialogue, locked } = withoutLockedBlocks(before, new Set(['a-block-of-another-character']));
    expect(dialogue).toBe(before);
    expect(locked).toEqual([]);
  });

  it("withoutLockedBlocks, the default button's and the mic test's blocks locked, clears both settings", () => {
    const { dialogue } = withoutLockedBlocks(demo(), new Set(['greet', 'mic-test']));
    expect(dialogue.setting.default_start_button_id).toBeNull();
    expect(dialogue.setting.for_mic_test).toBeNull();
    expect(dialogue.startButtons.map((s) => s.id)).toEqual(['btn-fortune']);
  });
});

describe('serial-locked blocks in the playable character', () => {
  let svc: ServiceUnderTest;
  beforeAll(async () => {
    svc = await startServiceForTest(catalogService);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const play = (headers: Record<string, string> = {}) =>
    svc.app.inject({ method: 'GET', url: '/api/characters/by-slug/mirai', headers });
  const as = (userId: string) => ({ authorization: `Bearer ${svc.tokenFor(userId)}` });
  const blockIds = (res: Awaited<ReturnType<typeof play>>) =>
    res.json().character.dialogue.blocks.map((b: { id: string }) => b.id) as string[];
  const redeem = (userId: string, couponId: string) =>
    svc.platform.events.publish('serial.redeemed', userId, {
      redemption_id: randomUUID(),
      serial_masked: '*************ABC',
      coupon_id: couponId,
      user_id: userId,
      character_id: 'demo-mirai',
      block_id: 'fortune',
      tickets: 0,
      is_debug: false,
      redeemed_at: new Date().toISOString(),
    });

  it('playable character, a coupon locks a block, hides it until the user redeems a serial of it, and only for that user', async () => {
    const couponId = `cp-${randomUUID()}`;
    const [owner, other] = [randomUUID(), randomUUID()];
    expect(blockIds(await play())).toContain('fortune');

    await svc.platform.events.publish('coupon.saved', couponId, {
      coupon_id: couponId,
      character_id: 'demo-mirai',
      block_id: 'fortune',
      is_debug: false,
      tickets: 0,
    });
    await eventually(async () => !blockIds(await play()).includes('fortune'));
    expect((await play()).json().character.locked).toEqual([
      {
        block_id: 'fortune',
        title: '占い',
        title_i18n: { 'en-US': 'Fortune', 'fil-PH': 'Hula', 'zh-TW': '占卜' },
        start_button_title: '占い',
        start_button_title_i18n: { 'en-US': 'Fortune', 'fil-PH': 'Hula', 'zh-TW': '占卜' },
      },
    ]);

    await redeem(owner, couponId);
    await eventually(async () => blockIds(await play(as(owner))).includes('fortune'));
    const ownView = (await play(as(owner))).json().character;
    const otherView = (await play(as(other))).json().character;

    expect(ownView.locked).toEqual([]);
    expect(otherView.dialogue.blocks.map((b: { id: string }) => b.id)).not.toContain('fortune');
    expect(blockIds(await play())).not.toContain('fortune');
  });

  it('playable character, the owner is deleted, drops their unlocks', async () => {
    const couponId = `cp-${randomUUID()}`;
    const owner = randomUUID();
    await svc.platform.events.publish('coupon.saved', couponId, {
      coupon_id: couponId,
      character_id: 'demo-mirai',
      block_id: 'fortune',
      is_debug: false,
      tickets: 0,
    });
    await redeem(owner, couponId);
    await eventually(async () => blockIds(await play(as(owner))).includes('fortune'));

    await svc.platform.events.publish('user.deleted', owner, { user_id: owner, by: 'user' });

    await eventually(
      async () => (await svc.platform.store.collection('block_unlocks').countDocuments({ user_id: owner })) === 0,
    );
    expect(blockIds(await play(as(owner)))).not.toContain('fortune');
  });

  it('playable character, a token that does not verify, answers 401 rather than a silent anonymous view', async () => {
    const res = await play({ authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(401);
  });

  it('playable character by id, same caller, hides the same locked blocks as by slug', async () => {
    const user = randomUUID();
    const byId = await svc.app.inject({ method: 'GET', url: '/api/character/demo-mirai/get', headers: as(user) });
    expect(byId.json()).toEqual((await play(as(user))).json());
  });
  it("playable character, a batch and a redemption known only from engagement's announcements, locks the block and unlocks it for that user", async () => {
    const couponId = `cp-${randomUUID()}`;
    const [owner, other] = [randomUUID(), randomUUID()];

    await svc.platform.events.publish('coupon.announced', couponId, {
      coupon_id: couponId,
      character_id: 'demo-mirai',
      block_id: 'fortune',
      is_debug: false,
    });
    await svc.platform.events.publish('redemption.announced', owner, {
      redemption_id: randomUUID(),
      coupon_id: couponId,
      user_id: owner,
      character_id: 'demo-mirai',
      block_id: 'fortune',
      is_debug: false,
      redeemed_at: new Date().toISOString(),
    });

    await eventually(
      async () =>
        blockIds(await play(as(owner))).includes('fortune') && !blockIds(await play(as(other))).includes('fortune'),
    );
    expect(blockIds(await play(as(other)))).not.toContain('fortune');
  });

  it('onSerialGateEvent, a batch announced before it moved to another block, keeps the block it moved to', async () => {
    const couponId = `cp-${randomUUID()}`;
    const saved = {
      id: randomUUID(),
      type: 'coupon.saved',
      version: 1,
      occurredAt: '2026-11-27T10:00:00.000Z',
      key: couponId,
      data: {
        coupon_id: couponId,
        character_id: 'c-moved',
        block_id: 'b-new',
        previous_block_id: 'b-old',
        is_debug: false,
        tickets: 0,
      },
    } as EventOf<'coupon.saved'>;
    const stale = {
      id: randomUUID(),
      type: 'coupon.announced',
      version: 1,
      occurredAt: '2026-11-20T10:00:00.000Z',
      key: couponId,
      data: { coupon_id: couponId, character_id: 'c-moved', block_id: 'b-old', is_debug: false },
    } as EventOf<'coupon.announced'>;
    await svc.platform.store.withTransaction((tx) => onSerialGateEvent(tx, saved));

    await svc.platform.store.withTransaction((tx) => onSerialGateEvent(tx, stale));

    expect(await svc.platform.store.collection('serial_gates').findOne({ _id: couponId })).toMatchObject({
      block_id: 'b-new',
    });
  });

  it("onSerialGateEvent, a batch announced before it moved but stamped later by a replica's fast clock, keeps the block it moved to", async () => {
    const couponId = `cp-${randomUUID()}`;
    // Engagement's write numbers for the batch say the announcement (4) came before the move (5); their clocks disagree.
    const saved = {
      id: randomUUID(),
      type: 'coupon.saved',
      version: 1,
      occurredAt: '2026-11-27T10:00:01.000Z',
      key: couponId,
      keySeq: 5,
      data: {
        coupon_id: couponId,
        character_id: 'c-moved',
        block_id: 'b-new',
        previous_block_id: 'b-old',
        is_debug: false,
        tickets: 0,
      },
    } as EventOf<'coupon.saved'>;
    const stale = {
      id: randomUUID(),
      type: 'coupon.announced',
      version: 1,
      occurredAt: '2026-11-27T10:00:10.000Z',
      key: couponId,
      keySeq: 4,
      data: { coupon_id: couponId, character_id: 'c-moved', block_id: 'b-old', is_debug: false },
    } as EventOf<'coupon.announced'>;
    await svc.platform.store.withTransaction((tx) => onSerialGateEvent(tx, saved));

    await svc.platform.store.withTransaction((tx) => onSerialGateEvent(tx, stale));

    expect(await svc.platform.store.collection('serial_gates').findOne({ _id: couponId })).toMatchObject({
      block_id: 'b-new',
    });
  });
});
