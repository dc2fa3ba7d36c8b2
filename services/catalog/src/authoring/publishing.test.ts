import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { EventEnvelope } from '@talkwith/proto';
import { IMPORT_MAX_BYTES } from '@talkwith/proto/catalog';
import type { CharacterRecognition } from '@talkwith/proto/dialogue';
import { openCharacters } from '../characters.ts';
import { catalogService } from '../index.ts';
import { openBlocks, openVideos } from '../model.ts';
import { addCharacterFor, adminHeaders, opened } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  svc.app.inject({
    method,
    url,
    headers: adminHeaders(svc),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const upload = (characterId: string, character: unknown, dryRun = false) =>
  inject('POST', '/api/admin/characters/jsonUpload', { character_id: characterId, dry_run: dryRun, character });
/** The smallest character file: Value.Default fills every other field, as for a hand-written import. */
const minimalFile = (blocks: Array<Record<string, unknown>>) => ({
  id: 'file',
  character_id: '',
  name: '最小',
  slug: 'file',
  price: 0,
  avatar: '',
  group_id: null,
  setting: { character_id: 'file' },
  summary: {},
  replacement: {},
  random: {},
  blocks: blocks.map((b) => ({ character_id: 'file', ...b })),
});
const withKeys = {
  ...demoCharacter,
  setting: { ...demoCharacter.setting, spj_api_key: 'spj-secret-key', google_key: 'google-secret' },
};

describe('admin characters: validate and publish', () => {
  it('validate, a new empty character, lists faults with Japanese messages', async () => {
    const id = await addCharacterFor(svc);
    const { faults } = (await inject('GET', `/api/admin/characters/${id}/validate`)).json();
    expect(faults.map((f: { code: string }) => f.code)).toEqual(
      expect.arrayContaining(['NO_STANDBY_VIDEO', 'NO_DEFAULT_START_BUTTON']),
    );
    expect(faults[0].message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('publish, a character with faults, answers 409 CHARACTER_INVALID with the faults and stays unpublished', async () => {
    const id = await addCharacterFor(svc);
    const res = await inject('POST', `/api/admin/characters/${id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CHARACTER_INVALID',
      faults: expect.arrayContaining([expect.objectContaining({ code: 'NO_STANDBY_VIDEO' })]),
    });
    expect((await inject('GET', `/api/admin/characters/${id}`)).json().character).toMatchObject({
      published_at: null,
      published_version: 0,
    });
  });

  it('publish, a valid draft twice, snapshots it, bumps the version and announces each version', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('publish-test', ['character.published'], async (e) => {
      seen.push(e);
    });
    const id = await addCharacterFor(svc, { name: 'Publish Me' });
    await upload(id, demoCharacter);
    const first = await inject('POST', `/api/admin/characters/${id}/publish`);
    const second = await inject('POST', `/api/admin/characters/${id}/publish`);
    const events = await eventually(async () => {
      const mine = seen.filter((e) => e.key === id);
      return mine.length === 2 ? mine : undefined;
    });
    await sub.close();
    const playable = await svc.app.inject({ method: 'GET', url: `/api/character/${id}/get` });
    expect(first.json().character).toMatchObject({ published_version: 1, block_count: demoCharacter.blocks.length });
    expect(second.json().character.published_version).toBe(2);
    expect(events.map((e) => (e.data as { version: number }).version)).toEqual([1, 2]);
    expect((events[1]!.data as { block_ids: string[] }).block_ids).toEqual(
      demoCharacter.blocks.map((b) => b.id).sort(),
    );
    expect(playable.json().character.dialogue.blocks).toHaveLength(demoCharacter.blocks.length);
  });

  it('publish, a valid draft, announces its recognition data (phrases, categories, action codes, the SPJ and index settings) for dialogue', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('publish-recognition-test', ['character.published'], async (e) => {
      seen.push(e);
    });
    const id = await addCharacterFor(svc);
    await upload(id, {
      ...withKeys,
      setting: { ...withKeys.setting, spj_url: 'https://spj.example/score', es_index_name: 'mirai-index' },
    });
    await inject('POST', `/api/admin/characters/${id}/publish`);
    const event = await eventually(async () => seen.find((e) => e.key === id));
    await sub.close();
    const recognition = (event.data as { recognition: CharacterRecognition }).recognition;
    expect(opened(recognition)).toMatchObject({
      es_index_name: 'mirai-index',
      spj_url: 'https://spj.example/score',
      spj_api_key: 'spj-secret-key',
    });
    expect(recognition.blocks.map((b) => b.block_id)).toEqual(demoCharacter.blocks.map((b) => b.id).sort());
    const withHitWords = demoCharacter.blocks.find((b) => b.hit_words.length > 0)!;
    const published = recognition.blocks.find((b) => b.block_id === withHitWords.id)!;
    expect(published.phrases).toEqual(expect.arrayContaining(withHitWords.hit_words.flatMap((h) => h.words)));
    expect(recognition.actions.map((a) => a.code)).toEqual(
      expect.arrayContaining(demoCharacter.blocks.flatMap((b) => b.action_buttons.map((x) => x.code || x.id))),
    );
  });

  it('publish, buttons that cost points, announces each paid action once at its highest price for billing; free buttons are left out', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('publish-actions-test', ['character.published'], async (e) => {
      seen.push(e);
    });
    const id = await addCharacterFor(svc);
    const priced = {
      ...demoCharacter,
      blocks: demoCharacter.blocks.map((block) => ({
        ...block,
        action_buttons: block.action_buttons.map((button) => {
          if (button.id === 'ab-fortune') return { ...button, code: 'fortune', points: 5 };
          if (button.id === 'ab-again') return { ...button, points: 2 };
          if (button.id === 'ab-stop') return { ...button, code: 'fortune', points: 3 };
          return button;
        }),
      })),
    };
    await upload(id, priced);
    await inject('POST', `/api/admin/characters/${id}/publish`);
    const event = await eventually(async () => seen.find((e) => e.key === id));
    await sub.close();
    const { actions } = event.data as { actions: Array<{ code: string; points: number }> };
    expect([...actions].sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'ab-again', points: 2 },
      { code: 'fortune', points: 5 },
    ]);
  });

  it('publish, then a draft edit, leaves the published snapshot unchanged until the next publish', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, demoCharacter);
    await inject('POST', `/api/admin/characters/${id}/publish`);
    const [block] = demoCharacter.blocks;
    await inject('PUT', `/api/admin/blocks/${id}/${block?.id}`, { title: '下書きの変更' });
    const playable = (await svc.app.inject({ method: 'GET', url: `/api/character/${id}/get` })).json();
    const published = playable.character.dialogue.blocks.find((b: { id: string }) => b.id === block?.id);
    expect(published.title).toBe(block?.title);
  });

  it('unpublish, a published character, leaves the public list and emits character.unpublished', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('unpublish-test', ['character.unpublished'], async (e) => {
      seen.push(e);
    });
    const id = await addCharacterFor(svc);
    await upload(id, demoCharacter);
    await inject('POST', `/api/admin/characters/${id}/publish`);
    const res = await inject('POST', `/api/admin/characters/${id}/unpublish`);
    const event = await eventually(async () => seen.find((e) => e.key === id));
    await sub.close();
    const listed = (await svc.app.inject({ method: 'GET', url: '/api/characters' }))
      .json()
      .characters.map((c: { id: string }) => c.id);
    expect(res.json().character.published_at).toBeNull();
    expect(event.data).toEqual({ character_id: id });
    expect(listed).not.toContain(id);
    expect((await inject('POST', '/api/admin/characters/nobody/unpublish')).statusCode).toBe(404);
  });
});

describe('admin characters: all, export, import', () => {
  it('all, a character with credentials, answers the whole draft masked with its faults', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, withKeys);
    const res = await inject('GET', `/api/admin/characters/${id}/all`);
    expect(res.json().character.setting).toMatchObject({ spj_api_key: '***********key', google_key: '**********ret' });
    expect(res.json().faults).toEqual([]);
    expect(res.body).not.toContain('spj-secret');
  });

  it('export, answers an attachment without credentials that imports back unchanged', async () => {
    const id = await addCharacterFor(svc, { name: 'Export Source' });
    await upload(id, withKeys);
    const exported = await inject('GET', `/api/admin/characters/${id}/export`);
    const again = await upload(id, exported.json(), true);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="character-export-source.json"');
    expect(exported.json().setting).toMatchObject({ spj_api_key: '', google_key: '' });
    expect(exported.body).not.toContain('secret');
    expect(again.json().changes).toEqual({
      blocks: { added: [], changed: [], removed: [] },
      videos: { added: [], changed: [], removed: [] },
      settings: [],
      lists: [],
    });
  });

  it('jsonUpload, what {id}/all answers (credentials masked), keeps the stored keys and lists no setting change', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, withKeys);
    const all = (await inject('GET', `/api/admin/characters/${id}/all`)).json().character;
    const dryRun = await upload(id, all, true);
    const res = await upload(id, all);
    const stored = await openCharacters(svc.platform.store).findOne({ _id: id });
    expect(all.setting).toMatchObject({ spj_api_key: '***********key', google_key: '**********ret' });
    expect(dryRun.json().changes.settings).toEqual([]);
    expect(res.statusCode).toBe(200);
    expect(opened(stored?.setting)).toMatchObject({ spj_api_key: 'spj-secret-key', google_key: 'google-secret' });
  });

  it('jsonUpload, the masked keys of another character, never stores a mask as the credential', async () => {
    const source = await addCharacterFor(svc);
    const target = await addCharacterFor(svc);
    await upload(source, {
      ...withKeys,
      setting: { ...withKeys.setting, spj_api_key: 'other-spj-777', google_key: 'other-google-888' },
    });
    await upload(target, withKeys);
    const all = (await inject('GET', `/api/admin/characters/${source}/all`)).json().character;
    await upload(target, all);
    const stored = await openCharacters(svc.platform.store).findOne({ _id: target });
    expect(opened(stored?.setting)).toMatchObject({ spj_api_key: 'spj-secret-key', google_key: 'google-secret' });
  });

  it('jsonUpload, a new key in clear, replaces the stored one', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, withKeys);
    await upload(id, { ...withKeys, setting: { ...withKeys.setting, google_key: 'google-rotated' } });
    const stored = await openCharacters(svc.platform.store).findOne({ _id: id });
    expect(opened(stored?.setting)).toMatchObject({ spj_api_key: 'spj-secret-key', google_key: 'google-rotated' });
  });

  it('jsonUpload, a file without a block a serial batch unlocks, answers 409 BLOCK_UNLOCKED_BY_SERIAL naming the batch and changes nothing', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, minimalFile([{ id: 'bonus' }, { id: 'stays' }]));
    const couponId = `cp-${randomUUID()}`;
    await svc.platform.events.publish('coupon.saved', couponId, {
      coupon_id: couponId,
      character_id: id,
      block_id: 'bonus',
      name: '初回特典',
      is_debug: false,
      tickets: 0,
    });
    await eventually(
      async () => (await svc.platform.store.collection('serial_gates').countDocuments({ _id: couponId })) === 1,
    );
    const res = await upload(id, minimalFile([{ id: 'stays' }]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'BLOCK_UNLOCKED_BY_SERIAL',
      batches: [{ coupon_id: couponId, name: '初回特典' }],
    });
    expect((await openBlocks(svc.platform.store).find({ character_id: id })).map((b) => b.id).sort()).toEqual([
      'bonus',
      'stays',
    ]);
  });

  it('jsonUpload, dry run, lists what would change and writes nothing', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, minimalFile([{ id: 'stays', title: 'a' }, { id: 'goes' }, { id: 'edited', title: 'old' }]));
    const res = await upload(
      id,
      {
        ...minimalFile([{ id: 'stays', title: 'a' }, { id: 'edited', title: 'new' }, { id: 'added' }]),
        setting: { character_id: 'file', hit_word_delay: 999 },
      },
      true,
    );
    expect(res.json()).toMatchObject({ ok: true, dry_run: true });
    expect(res.json().changes).toEqual({
      blocks: { added: ['added'], changed: ['edited'], removed: ['goes'] },
      videos: { added: [], changed: [], removed: [] },
      settings: ['hit_word_delay'],
      lists: [],
    });
    expect((await openBlocks(svc.platform.store).find({ character_id: id })).map((b) => b.id).sort()).toEqual([
      'edited',
      'goes',
      'stays',
    ]);
  });

  it('jsonUpload, a file that changes or removes a locked block, answers 409 BLOCK_LOCKED listing it and changes nothing', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, minimalFile([{ id: 'locked', title: 'a' }, { id: 'free' }]));
    await inject('POST', '/api/admin/blocks/updateBlockLock', {
      characterId: id,
      lockBlockIds: ['locked'],
      unlockBlockIds: [],
    });
    const removing = await upload(id, minimalFile([{ id: 'free', title: 'changed' }]));
    const sameLocked = await upload(
      id,
      minimalFile([
        { id: 'locked', title: 'a', is_edit_locked: true },
        { id: 'free', title: 'changed' },
      ]),
      true,
    );
    expect(removing.statusCode).toBe(409);
    expect(removing.json()).toMatchObject({ code: 'BLOCK_LOCKED', block_ids: ['locked'] });
    expect(sameLocked.json().changes.blocks.changed).toEqual(['free']);
    expect(await openBlocks(svc.platform.store).findOne({ character_id: id, id: 'free' })).toMatchObject({ title: '' });
  });

  it('jsonUpload, applied, replaces blocks and videos, keeps stored credentials the file leaves empty', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, withKeys);
    const smaller = { ...demoCharacter, setting: { ...demoCharacter.setting, spj_api_key: '' } };
    await upload(id, smaller);
    const stored = await openCharacters(svc.platform.store).findOne({ _id: id });
    expect(opened(stored?.setting)).toMatchObject({ spj_api_key: 'spj-secret-key', character_id: id });
    expect(await openVideos(svc.platform.store).countDocuments({ character_id: id })).toBe(demoCharacter.videos.length);
  });

  it('jsonUpload, a file that breaks the schema, answers 400 IMPORT_INVALID with the paths and changes nothing', async () => {
    const id = await addCharacterFor(svc);
    await upload(id, demoCharacter);
    const broken = {
      ...demoCharacter,
      blocks: demoCharacter.blocks.map((b, i) => (i === 1 ? { ...b, silence_count: -3, extra: 'x' } : b)),
      videos: [],
    };
    const res = await upload(id, broken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID', field: 'character' });
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('/blocks/1/silence_count');
    expect(await openVideos(svc.platform.store).countDocuments({ character_id: id })).toBe(demoCharacter.videos.length);
  });

  it('jsonUpload, a block naming a missing video, answers 400 DANGLING_REFERENCE and changes nothing', async () => {
    const id = await addCharacterFor(svc);
    const dangling = {
      ...demoCharacter,
      blocks: demoCharacter.blocks.map((b, i) => (i === 0 ? { ...b, trigger_video_id: 'missing-clip' } : b)),
    };
    const res = await upload(id, dangling);
    expect(res.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field: 'trigger_video_id', id: 'missing-clip' });
    expect(await openBlocks(svc.platform.store).countDocuments({ character_id: id })).toBe(0);
  });

  it('jsonUpload, not an object, unknown character, or over the size limit, is refused', async () => {
    const id = await addCharacterFor(svc);
    expect((await upload(id, 'just text')).json().code).toBe('IMPORT_INVALID');
    expect((await upload('nobody', demoCharacter)).statusCode).toBe(404);
    const huge = await upload(id, { ...demoCharacter, padding: 'x'.repeat(IMPORT_MAX_BYTES) });
    expect(huge.statusCode).toBe(413);
  });
});
