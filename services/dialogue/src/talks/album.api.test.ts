import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { dialogueService } from '../index.ts';
import { newId, talksTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = talksTestKit(() => svc);

const redeem = (userId: string, characterId: string, blockId: string, at = new Date().toISOString()) =>
  svc.platform.events.publish('serial.redeemed', userId, {
    redemption_id: randomUUID(),
    serial_masked: '*************XYZ',
    coupon_id: 'cp-1',
    user_id: userId,
    character_id: characterId,
    block_id: blockId,
    tickets: 0,
    is_debug: false,
    redeemed_at: at,
  });

describe('GET /api/dialogue/album/:character_id', () => {
  it('album, two blocks played (one twice) of four, answers them with titles, times and the share', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '趣味', b3: '占い', b4: '秘密' });
    await kit.step(me, { character_id: character, block_id: 'b2' });
    await kit.step(me, { character_id: character, block_id: 'b1' });
    await kit.step(me, { character_id: character, block_id: 'b2' });

    const res = await kit.album(me, character);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, character_id: character, found: 2, total: 4, share: 0.5 });
    expect(res.json().blocks).toEqual([
      expect.objectContaining({ block_id: 'b1', title: 'はじめまして', how: 'played', times: 1 }),
      expect.objectContaining({ block_id: 'b2', title: '趣味', how: 'played', times: 2 }),
    ]);
  });

  it('album, a found block with translated titles, answers its title in every language (one without answers none)', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '趣味' }, 1, {
      titleTranslations: { b1: { 'en-US': 'Nice to meet you', 'zh-TW': '初次見面' } },
    });
    await kit.step(me, { character_id: character, block_id: 'b1' });
    await kit.step(me, { character_id: character, block_id: 'b2' });

    const res = await kit.album(me, character);

    const [first, second] = res.json().blocks;
    expect(first).toMatchObject({ block_id: 'b1', title_i18n: { 'en-US': 'Nice to meet you', 'zh-TW': '初次見面' } });
    expect(second).not.toHaveProperty('title_i18n');
  });

  it('album, a block unlocked by a serial, counts it as found by serial', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b3: '占い' });
    const at = '2025-01-02T03:04:05.000Z';

    const event = await redeem(me, character, 'b3', at);
    await svc.platform.bus.publish(event);

    const album = await eventually(async () => {
      const body = (await kit.album(me, character)).json();
      return body.found === 1 ? body : undefined;
    });
    expect(album).toMatchObject({ found: 1, total: 2, share: 0.5 });
    expect(album.blocks).toEqual([{ block_id: 'b3', title: '占い', how: 'serial', first_at: at, times: 0 }]);
  });

  it("album, a redemption known only from engagement's announcement, counts the block as found by serial", async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b3: '占い' });
    const at = '2025-01-02T03:04:05.000Z';

    await svc.platform.events.publish('redemption.announced', me, {
      redemption_id: randomUUID(),
      coupon_id: 'cp-1',
      user_id: me,
      character_id: character,
      block_id: 'b3',
      is_debug: false,
      redeemed_at: at,
    });

    const album = await eventually(async () => {
      const body = (await kit.album(me, character)).json();
      return body.found === 1 ? body : undefined;
    });
    expect(album.blocks).toEqual([{ block_id: 'b3', title: '占い', how: 'serial', first_at: at, times: 0 }]);
  });

  it('album, a serial block later played, shows it played with the serial as its first time', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b3: '占い' });
    const at = '2025-01-02T03:04:05.000Z';
    await redeem(me, character, 'b3', at);
    await eventually(async () => (await kit.album(me, character)).json().found === 1);

    await kit.step(me, { character_id: character, block_id: 'b3' });

    expect((await kit.album(me, character)).json().blocks).toEqual([
      { block_id: 'b3', title: '占い', how: 'played', first_at: at, times: 1 },
    ]);
  });

  it('album, a played block the character no longer publishes, is not counted', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '趣味' });
    await kit.step(me, { character_id: character, block_id: 'b1' });
    await kit.step(me, { character_id: character, block_id: 'b2' });

    await kit.publish(character, { b1: 'はじめまして', b5: '新しい話' }, 2);

    expect((await kit.album(me, character)).json()).toMatchObject({ found: 1, total: 2, share: 0.5 });
  });

  it("album, another user's finds, are not the caller's", async () => {
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして' });
    await kit.step(newId('other'), { character_id: character, block_id: 'b1' });

    expect((await kit.album(newId('u'), character)).json()).toMatchObject({ found: 0, total: 1, share: 0, blocks: [] });
  });

  it('album, an unpublished character, answers 404; without a token 401; a bad id 400', async () => {
    expect((await kit.album(newId('u'), newId('c'))).statusCode).toBe(404);
    expect((await svc.app.inject({ method: 'GET', url: '/api/dialogue/album/mirai' })).statusCode).toBe(401);
    expect((await kit.album(newId('u'), 'bad%20id')).statusCode).toBe(400);
  });
});

describe('user.deleted', () => {
  it("user.deleted, a user with a talk, a place and an album, removes all of them and nobody else's", async () => {
    const gone = newId('u');
    const stays = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして' });
    for (const user of [gone, stays]) {
      const talkId = await kit.startedTalkId(user, {
        character_id: character,
        ticket_use_token: kit.ticketToken(user, character),
      });
      await kit.step(user, { character_id: character, block_id: 'b1', talk_id: talkId });
    }

    await svc.platform.events.publish('user.deleted', gone, { user_id: gone, by: 'user' });

    await eventually(
      async () => (await svc.platform.store.collection('talks').countDocuments({ user_id: gone })) === 0,
    );
    for (const name of ['conversation_tracker', 'album_blocks', 'talk_ticket_uses']) {
      expect(await svc.platform.store.collection(name).countDocuments({ user_id: gone })).toBe(0);
      expect(await svc.platform.store.collection(name).countDocuments({ user_id: stays })).toBe(1);
    }
  });
});
