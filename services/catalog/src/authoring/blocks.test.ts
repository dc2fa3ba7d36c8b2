import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { catalogService } from '../index.ts';
import { openBlocks } from '../model.ts';
import { addBlocks, addCharacterFor, addVideoDoc, adminHeaders } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  svc.app.inject({ method, url, headers: adminHeaders(svc), ...(payload ? { payload } : {}) });
const blockIds = async (characterId: string) =>
  (await inject('POST', '/api/admin/blocks/getBlocks', { character_id: characterId }))
    .json()
    .blocks.map((b: { id: string }) => b.id);

describe('admin blocks: create', () => {
  it('create, no id, generates one and fills every default', async () => {
    const id = await addCharacterFor(svc);
    const res = await inject('POST', '/api/admin/blocks', { character_id: id, block: { title: '挨拶' } });
    const { block } = res.json();
    expect(res.statusCode).toBe(201);
    expect(block.id).toMatch(/^b-[0-9a-f]{8}$/);
    expect(block).toMatchObject({
      character_id: id,
      title: '挨拶',
      play_again: true,
      listen_video_ids: [],
      is_edit_locked: false,
    });
    expect(await blockIds(id)).toEqual([block.id]);
  });

  it('create, two blocks naming each other and themselves, is accepted', async () => {
    const id = await addCharacterFor(svc);
    const res = await addBlocks(svc, id, [
      { id: 'a', play_final_block: ['b'] },
      { id: 'b', listen_next_block: ['a', 'b'] },
    ]);
    expect(res.statusCode).toBe(201);
    expect(await blockIds(id)).toEqual(['a', 'b']);
  });

  it('create, a block naming a missing block or video, answers 400 DANGLING_REFERENCE naming field and id, stores nothing', async () => {
    const id = await addCharacterFor(svc);
    await addVideoDoc(svc, id, 'v1');
    const missingBlock = await addBlocks(svc, id, [{ id: 'a', hit_words: [{ words: ['はい'], block_id: 'ghost' }] }]);
    const missingVideo = await addBlocks(svc, id, [
      { id: 'a', trigger_video_id: 'v1', listen_video_ids: ['v1', 'v404'] },
    ]);
    expect(missingBlock.json()).toMatchObject({
      code: 'DANGLING_REFERENCE',
      field: 'hit_words[0].block_id',
      id: 'ghost',
    });
    // The message is for a person: the field in words, never its path.
    expect(missingBlock.json().message).toBe('「ヒットワード 1 件目の遷移先」が存在しない「ghost」を指しています。');
    expect(missingVideo.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field: 'listen_video_ids', id: 'v404' });
    expect(missingVideo.statusCode).toBe(400);
    expect(await blockIds(id)).toEqual([]);
  });

  it('create, an id already taken (or twice in the request), answers 409 DUPLICATE_KEY', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a' }]);
    const again = await addBlocks(svc, id, [{ id: 'a' }]);
    const twice = await addBlocks(svc, id, [{ id: 'x' }, { id: 'x' }]);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_KEY', id: 'a' });
    expect(twice.statusCode).toBe(409);
  });

  it('create, unknown character, no block at all, or an id with a slash, is refused', async () => {
    expect((await addBlocks(svc, 'nobody', [{ id: 'a' }])).statusCode).toBe(404);
    expect((await inject('POST', '/api/admin/blocks', { character_id: 'nobody' })).statusCode).toBe(400);
    const id = await addCharacterFor(svc);
    expect((await addBlocks(svc, id, [{ id: 'a/b' }])).statusCode).toBe(400);
  });
});

describe('admin blocks: edit, locks, action buttons', () => {
  it('edit, a partial change, keeps the other fields', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a', title: '元', silence_time_limit: 5 }, { id: 'b' }]);
    const res = await inject('PUT', `/api/admin/blocks/${id}/a`, { title: '新', listen_next_block: ['b'] });
    expect(res.json().block).toMatchObject({ title: '新', silence_time_limit: 5, listen_next_block: ['b'] });
    const stored = await openBlocks(svc.platform.store).findOne({ character_id: id, id: 'a' });
    expect(stored).toMatchObject({ title: '新', silence_time_limit: 5, play_again: true });
  });

  it('edit, a dangling reference or an unknown block, answers 400 / 404', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a' }]);
    const dangling = await inject('PUT', `/api/admin/blocks/${id}/a`, { spj_out_block_id: 'ghost' });
    expect(dangling.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field: 'spj_out_block_id' });
    expect((await inject('PUT', `/api/admin/blocks/${id}/zzz`, { title: 'x' })).statusCode).toBe(404);
  });

  it('edit, a locked block, answers 409 BLOCK_LOCKED until it is unlocked; the lock cannot be changed by an edit', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a' }]);
    await inject('POST', '/api/admin/blocks/updateBlockLock', {
      characterId: id,
      lockBlockIds: ['a'],
      unlockBlockIds: [],
    });
    const locked = await inject('PUT', `/api/admin/blocks/${id}/a`, { title: 'x', is_edit_locked: false });
    const deleted = await inject('DELETE', `/api/admin/blocks/${id}/a`);
    await inject('POST', '/api/admin/blocks/updateBlockLock', { characterId: id, unlockBlockIds: ['a'] });
    const unlocked = await inject('PUT', `/api/admin/blocks/${id}/a`, { title: 'x' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'BLOCK_LOCKED', block_id: 'a' });
    expect(deleted.statusCode).toBe(409);
    expect(unlocked.json().block).toMatchObject({ title: 'x', is_edit_locked: false });
  });

  it('updateBlockLock, unknown ids or the same id in both lists, answers 400 listing them and changes nothing', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a' }]);
    const unknown = await inject('POST', '/api/admin/blocks/updateBlockLock', {
      characterId: id,
      lockBlockIds: ['a', 'ghost'],
      unlockBlockIds: [],
    });
    const both = await inject('POST', '/api/admin/blocks/updateBlockLock', {
      characterId: id,
      lockBlockIds: ['a'],
      unlockBlockIds: ['a'],
    });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', unknown_block_ids: ['ghost'] });
    expect(both.statusCode).toBe(400);
    expect(await openBlocks(svc.platform.store).findOne({ character_id: id, id: 'a' })).toMatchObject({
      is_edit_locked: false,
    });
  });

  it('actionButtons, update then get, answers the saved buttons; a button to a missing block is refused', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a' }, { id: 'b' }]);
    const buttons = [{ id: 'btn', title: '次へ', kind: 'block', block_id: 'b', video_id: null }];
    await inject('POST', '/api/admin/blocks/actionButtons/update', {
      character_id: id,
      block_id: 'a',
      action_buttons: buttons,
    });
    const got = await inject('POST', '/api/admin/blocks/actionButtons', { character_id: id, block_id: 'a' });
    const bad = await inject('POST', '/api/admin/blocks/actionButtons/update', {
      character_id: id,
      block_id: 'a',
      action_buttons: [{ ...buttons[0], block_id: 'ghost' }],
    });
    expect(got.json().action_buttons).toEqual(buttons.map((b) => ({ ...b, code: '', points: 0 }))); // a free button without a code (defaults)
    expect(bad.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field: 'action_buttons[0].block_id' });
    expect(
      (await inject('POST', '/api/admin/blocks/actionButtons', { character_id: id, block_id: 'zzz' })).statusCode,
    ).toBe(404);
  });
});

describe('admin blocks: delete', () => {
  it('delete, a block others refer to, answers 409 BLOCK_REFERENCED listing blocks, start buttons and settings', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [
      { id: 'target' },
      { id: 'from', listen_next_block: ['target'], hit_words: [{ words: ['はい'], block_id: 'target' }] },
    ]);
    await inject('PUT', `/api/admin/characters/${id}`, {
      setting: { for_mic_test: 'target' },
      draft: { startButtons: [{ id: 's', character_id: id, title: '開始', block_id: 'target' }] },
    });
    const res = await inject('DELETE', `/api/admin/blocks/${id}/target`);
    expect(res.statusCode).toBe(409);
    expect(res.json().references).toEqual(
      expect.arrayContaining([
        { kind: 'block', id: 'from', field: 'listen_next_block' },
        { kind: 'block', id: 'from', field: 'hit_words[0].block_id' },
        { kind: 'start_button', id: 's', field: 'block_id' },
        { kind: 'setting', id: 'for_mic_test', field: 'for_mic_test' },
      ]),
    );
    expect(await blockIds(id)).toEqual(['from', 'target']);
  });

  it('delete, force, removes the block and every reference to it in one go', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [
      { id: 'target' },
      { id: 'keep' },
      {
        id: 'from',
        listen_next_block: ['target', 'keep'],
        spj_out_block_id: 'target',
        hit_words: [
          { words: ['a'], block_id: 'target' },
          { words: ['b'], block_id: 'keep' },
        ],
      },
    ]);
    await inject('PUT', `/api/admin/characters/${id}`, {
      setting: { for_mic_test: 'target', default_start_button_id: 's' },
      draft: { startButtons: [{ id: 's', character_id: id, title: '開始', block_id: 'target' }] },
    });
    const res = await inject('DELETE', `/api/admin/blocks/${id}/target?force=true`);
    const from = await openBlocks(svc.platform.store).findOne({ character_id: id, id: 'from' });
    const character = (await inject('GET', `/api/admin/characters/${id}`)).json().character;
    expect(res.statusCode).toBe(200);
    expect(res.json().removed_references).toHaveLength(5);
    expect(await blockIds(id)).toEqual(['from', 'keep']);
    expect(from).toMatchObject({
      listen_next_block: ['keep'],
      spj_out_block_id: null,
      hit_words: [{ words: ['b'], block_id: 'keep' }],
    });
    expect(character.draft.startButtons).toEqual([]);
    expect(character.setting).toMatchObject({ for_mic_test: null, default_start_button_id: null });
  });

  it('delete, a block a serial batch unlocks, answers 409 BLOCK_UNLOCKED_BY_SERIAL naming the batch, even with force', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'bonus' }, { id: 'other' }]);
    const couponId = `cp-${randomUUID()}`;
    await svc.platform.events.publish('coupon.saved', couponId, {
      coupon_id: couponId,
      character_id: id,
      block_id: 'bonus',
      name: 'CD特典',
      is_debug: false,
      tickets: 0,
    });
    await eventually(
      async () => (await svc.platform.store.collection('serial_gates').countDocuments({ _id: couponId })) === 1,
    );
    const plain = await inject('DELETE', `/api/admin/blocks/${id}/bonus`);
    const forced = await inject('DELETE', `/api/admin/blocks/${id}/bonus?force=true`);
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({
      ok: false,
      code: 'BLOCK_UNLOCKED_BY_SERIAL',
      batches: [{ coupon_id: couponId, name: 'CD特典', block_id: 'bonus' }],
    });
    expect(plain.json().message).toContain('「CD特典」');
    expect(forced.statusCode).toBe(409);
    expect(await blockIds(id)).toEqual(['bonus', 'other']);
    expect((await inject('DELETE', `/api/admin/blocks/${id}/other`)).statusCode).toBe(200);
  });

  it('delete, a block whose batch moved to another block, is removed', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'old' }, { id: 'new' }]);
    const couponId = `cp-${randomUUID()}`;
    await svc.platform.events.publish('coupon.saved', couponId, {
      coupon_id: couponId,
      character_id: id,
      block_id: 'old',
      is_debug: false,
      tickets: 0,
    });
    await svc.platform.events.publish('coupon.saved', couponId, {
      coupon_id: couponId,
      character_id: id,
      block_id: 'new',
      previous_block_id: 'old',
      is_debug: false,
      tickets: 0,
    });
    await eventually(
      async () =>
        (await svc.platform.store.collection('serial_gates').countDocuments({ _id: couponId, block_id: 'new' })) === 1,
    );
    expect((await inject('DELETE', `/api/admin/blocks/${id}/old`)).statusCode).toBe(200);
  });

  it('delete, unreferenced block, is removed; unknown block answers 404', async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a' }]);
    expect((await inject('DELETE', `/api/admin/blocks/${id}/a`)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/admin/blocks/${id}/a`)).statusCode).toBe(404);
  });
});

describe('admin blocks: kikiwasure and summary resets', () => {
  it("removeKikiwasure / removeSummary, clear the lists and the blocks' modes", async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [{ id: 'a', kikiwasure_mode: true, summary_mode: true }]);
    await inject('PUT', `/api/admin/characters/${id}`, {
      draft: { kikiwasure: [{ slot: 'name', block_id: 'a' }], summary: { title: 'まとめ', slot_names: ['name'] } },
    });
    await inject('POST', `/api/admin/characters/${id}/removeKikiwasure`);
    await inject('POST', `/api/admin/characters/${id}/removeSummary`);
    const { draft } = (await inject('GET', `/api/admin/characters/${id}`)).json().character;
    expect(draft.kikiwasure).toEqual([]);
    expect(draft.summary).toEqual({ title: '', slot_names: [] });
    expect(await openBlocks(svc.platform.store).findOne({ character_id: id, id: 'a' })).toMatchObject({
      kikiwasure_mode: false,
      summary_mode: false,
    });
    expect((await inject('POST', '/api/admin/characters/nobody/removeSummary')).statusCode).toBe(404);
  });
});
