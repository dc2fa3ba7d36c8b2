import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { dialogueService } from '../index.ts';
import { newId, nextMillisecond, talksTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = talksTestKit(() => svc);

const asAdmin = (roles = ['admin']) => ({ authorization: `Bearer ${svc.tokenFor(newId('op'), roles)}` });
const adminAlbum = (userId: string, characterId: string, roles?: string[]) =>
  svc.app.inject({
    method: 'GET',
    url: `/api/admin/full/users/${userId}/${characterId}/album`,
    headers: asAdmin(roles),
  });
const content = (userId: string, payload?: object, roles?: string[]) =>
  svc.app.inject({
    method: 'POST',
    url: `/api/admin/users_content/${userId}`,
    headers: asAdmin(roles),
    ...(payload ? { payload } : {}),
  });

describe('GET /api/admin/full/users/:id/:character_id/album', () => {
  it("admin album, a user who played one block of two, answers that user's album with the character's name", async () => {
    const user = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '趣味' });
    await kit.step(user, { character_id: character, block_id: 'b2' });

    const res = await adminAlbum(user, character);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      user_id: user,
      character_id: character,
      name: `name-${character}`,
      found: 1,
      total: 2,
      share: 0.5,
    });
    expect(res.json().blocks).toEqual([expect.objectContaining({ block_id: 'b2', title: '趣味', how: 'played' })]);
  });

  it('admin album, a customer (even for their own album), is 403', async () => {
    const user = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして' });
    const res = await svc.app.inject({
      method: 'GET',
      url: `/api/admin/full/users/${user}/${character}/album`,
      headers: kit.auth(user),
    });
    expect(res.statusCode).toBe(403);
  });

  it('admin album, a character that is not published or a bad id, is 404 or 400', async () => {
    expect((await adminAlbum(newId('u'), newId('nope'))).statusCode).toBe(404);
    expect((await adminAlbum(newId('u'), '%20bad')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users_content/:id', () => {
  it('users_content, no ids, answers the talk history, the album and the talks (ids 1, 2, 3) of that user only', async () => {
    const user = newId('u');
    const other = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '趣味', b3: '占い', b4: '秘密' });
    const talkId = await kit.startedTalkId(user, { character_id: character });
    await kit.step(user, { character_id: character, block_id: 'b1', talk_id: talkId });
    await nextMillisecond();
    await kit.step(user, { character_id: character, block_id: 'b3', talk_id: talkId, utterance: '占いして' });
    await kit.end(user, talkId, 'completed', 42);
    await kit.step(other, { character_id: character, block_id: 'b2' });

    const res = await content(user, {});

    expect(res.statusCode).toBe(200);
    const { contents } = res.json();
    expect(contents.map((c: { id: number; kind: string }) => [c.id, c.kind])).toEqual([
      [1, 'talk_history'],
      [2, 'album'],
      [3, 'talks'],
    ]);
    expect(contents[0].items).toEqual([
      expect.objectContaining({
        character_id: character,
        name: `name-${character}`,
        block_id: 'b3',
        block_title: '占い',
        utterance: '占いして',
        steps: 2,
      }),
    ]);
    expect(contents[0].items[0]).not.toHaveProperty('conversation');
    expect(contents[1].items).toEqual([
      expect.objectContaining({ character_id: character, found: 2, total: 4, share: 0.5 }),
    ]);
    expect(contents[2]).toMatchObject({
      total: 1,
      items: [
        { talk_id: talkId, character_id: character, status: 'ended', end_reason: 'completed', total_billed_time: 42 },
      ],
    });
  });

  it('users_content, ids [3, 1], answers only those, in that order', async () => {
    const user = newId('u');
    const asked = await content(user, { ids: [3, 1] });
    expect(asked.json().contents.map((c: { id: number }) => c.id)).toEqual([3, 1]);
    expect(asked.json().contents[0]).toMatchObject({ kind: 'talks', total: 0, items: [] });
  });

  it('users_content, an unknown content id, a repeated id or no body, is 400', async () => {
    const user = newId('u');
    expect((await content(user, { ids: [4] })).statusCode).toBe(400);
    expect((await content(user, { ids: [1, 1] })).statusCode).toBe(400);
    expect((await content(user)).statusCode).toBe(400);
  });

  it('users_content, a customer asking for their own content, is 403', async () => {
    const user = newId('u');
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/users_content/${user}`,
      headers: kit.auth(user),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
