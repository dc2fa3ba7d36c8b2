import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { demoCharacter, demoTests, soraCharacter } from '@talkwith/dialogue-engine/demo';
import type { EventEnvelope } from '@talkwith/proto';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { publicCharacterOf } from '@talkwith/proto/dialogue';
import { openCharacters } from './characters.ts';
import { openBlocks, openVideos } from './model.ts';
import { seedDemoCharacter } from './demo-seed.ts';
import { catalogService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => svc.app.inject({ method: 'GET', url, headers });

describe('catalog demo character', () => {
  it('catalog start, empty store, lists ミライ with her slug, avatar URL and her name in every interface language', async () => {
    const res = await get('/api/characters');
    const mirai = res.json().characters.find((c: { slug: string | null }) => c.slug === 'mirai');
    expect(mirai).toEqual({
      id: 'demo-mirai',
      name: 'ミライ',
      description: expect.any(String),
      slug: 'mirai',
      name_i18n: { 'en-US': 'Mirai', 'fil-PH': 'Mirai', 'zh-TW': '未來' },
      description_i18n: expect.objectContaining({ 'en-US': 'The TALK WITH demo character' }),
      avatar_url: '/files/characters/demo-mirai/avatar.png',
      playable: true,
      published_at: expect.any(String),
    });
  });

  it('by-slug, mirai, returns the whole dialogue with a URL for every video and subtitles per language', async () => {
    const res = await get('/api/characters/by-slug/mirai');
    const { character } = res.json();
    expect(res.statusCode).toBe(200);
    expect(character.dialogue.blocks.map((b: { id: string }) => b.id)).toEqual(demoCharacter.blocks.map((b) => b.id));
    expect(character.dialogue.setting).toEqual(publicCharacterOf(demoCharacter).setting);
    expect(Object.keys(character.media.videos).sort()).toEqual(demoCharacter.videos.map((v) => v.id).sort());
    expect(character.media.videos.greet).toBe('/files/characters/demo-mirai/videos/greet.mp4');
    expect(Object.keys(character.media.posters).sort()).toEqual(demoCharacter.videos.map((v) => v.id).sort());
    expect(character.media.posters.standby).toBe('/files/characters/demo-mirai/posters/standby.webp');
    expect(character.media.subtitles['ja-JP'].greet).toBe('/files/subtitles/demo-mirai/ja-JP/greet.vtt');
    expect(character.media.subtitles['en-US'].greet).toBe('/files/subtitles/demo-mirai/en-US/greet.vtt');
  });

  it('character get by id, demo-mirai, returns the same playable character as by slug', async () => {
    const byId = await get('/api/character/demo-mirai/get');
    const bySlug = await get('/api/characters/by-slug/mirai');
    expect(byId.json()).toEqual(bySlug.json());
  });

  it('files route, a video with a Range header, answers 206 with the requested bytes', async () => {
    const res = await get('/files/characters/demo-mirai/videos/greet.mp4', { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.length).toBe(100);
    expect(res.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
  });

  it('files route, a Japanese subtitle, is WebVTT with the spoken line', async () => {
    const res = await get('/files/subtitles/demo-mirai/ja-JP/greet.vtt');
    expect(res.headers['content-type']).toContain('text/vtt');
    expect(res.body.startsWith('WEBVTT')).toBe(true);
    expect(res.body).toContain('ミライ');
  });

  it('files route, the standby poster, is the WebP still the seed uploaded', async () => {
    const res = await get('/files/characters/demo-mirai/posters/standby.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('by-slug, a video whose poster is missing from the files port, lists posters only for the stills that exist', async () => {
    await svc.platform.files.delete('characters/demo-mirai/posters/nod_2.webp');
    const { character } = (await get('/api/characters/by-slug/mirai')).json();
    const restored = await seedDemoCharacter(svc.platform);
    expect(character.media.posters.nod_2).toBeUndefined();
    expect(character.media.posters.nod_1).toBe('/files/characters/demo-mirai/posters/nod_1.webp');
    expect(restored.copied).toBe(1);
  });

  it('seeding again, everything present, inserts nothing and copies nothing', async () => {
    const characters = openCharacters(svc.platform.store);
    const again = await seedDemoCharacter(svc.platform);
    expect(again).toEqual({ inserted: [], copied: 0, drafted: 0, translated: 0 });
    expect(await characters.countDocuments({ slug: 'mirai' })).toBe(1);
  });

  it('seeding again, one video deleted from the files port, copies only that file back', async () => {
    await svc.platform.files.delete('characters/demo-mirai/videos/nod_1.mp4');
    const again = await seedDemoCharacter(svc.platform);
    expect(again).toEqual({ inserted: [], copied: 1, drafted: 0, translated: 0 });
    expect((await get('/files/characters/demo-mirai/videos/nod_1.mp4')).statusCode).toBe(200);
  });

  it('seeding again, a ミライ stored before translations existed, gives her the English, Filipino and Chinese name; an operator-written one is kept', async () => {
    const characters = openCharacters(svc.platform.store);
    await characters.updateOne({ slug: 'mirai' }, { $unset: { name_i18n: '', description_i18n: '' } });
    await characters.updateOne({ slug: 'sora' }, { $set: { name_i18n: { 'en-US': 'Sky' } } });

    const again = await seedDemoCharacter(svc.platform);

    const { character } = (await get('/api/characters/by-slug/mirai')).json();
    expect(again.translated).toBe(1);
    expect(character.name_i18n).toEqual({ 'en-US': 'Mirai', 'fil-PH': 'Mirai', 'zh-TW': '未來' });
    expect(character.description_i18n['en-US']).toBe('The TALK WITH demo character');
    expect((await characters.findOne({ slug: 'sora' }))?.name_i18n).toEqual({ 'en-US': 'Sky' });
  });

  it('poster by slug, mirai, answers her standby poster itself (no redirect), cacheable for 5 minutes with validators', async () => {
    const res = await get('/api/characters/by-slug/mirai/poster');
    const file = await get('/files/characters/demo-mirai/posters/standby.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toEqual(expect.any(String));
    expect(res.headers['last-modified']).toEqual(expect.any(String));
    expect(res.rawPayload.equals(file.rawPayload)).toBe(true);
  });

  it('poster by slug, revalidated with its ETag, answers 304 without a body', async () => {
    const first = await get('/api/characters/by-slug/mirai/poster');
    const res = await get('/api/characters/by-slug/mirai/poster', { 'if-none-match': String(first.headers.etag) });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('poster by slug, standby poster missing, answers the avatar', async () => {
    await svc.platform.files.delete('characters/demo-mirai/posters/standby.webp');
    const res = await get('/api/characters/by-slug/mirai/poster');
    await seedDemoCharacter(svc.platform);
    const avatar = await get('/files/characters/demo-mirai/avatar.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(avatar.rawPayload)).toBe(true);
  });

  it('poster by slug, unknown slug, answers 404 in the JSON error shape', async () => {
    const res = await get('/api/characters/by-slug/nobody/poster');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it("poster by slug, a slug over 100 characters, is refused before the handler (414, the router's parameter limit)", async () => {
    const res = await get(`/api/characters/by-slug/${'a'.repeat(101)}/poster`);
    expect(res.statusCode).toBe(414);
    expect(res.headers.location).toBeUndefined();
  });

  it('by-slug, unknown slug, answers 404 with a Japanese message', async () => {
    const res = await get('/api/characters/by-slug/nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('character get, a published character without a dialogue yet, answers 404 and is listed as not playable', async () => {
    const admin = { authorization: `Bearer ${svc.tokenFor('admin-1', ['admin'])}` };
    const created = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/characters',
      headers: admin,
      payload: { name: 'ソラ' },
    });
    const id = created.json().character.id as string;
    // Publishing refuses an empty draft now; a character published before drafts existed is what this covers.
    await openCharacters(svc.platform.store).updateOne(
      { _id: id },
      { $set: { published_at: new Date().toISOString() } },
    );
    const res = await get(`/api/character/${id}/get`);
    const listed = await eventually(async () =>
      (await get('/api/characters')).json().characters.find((c: { id: string }) => c.id === id),
    );
    expect(res.statusCode).toBe(404);
    expect(listed).toMatchObject({ playable: false, slug: id, avatar_url: null });
    await openCharacters(svc.platform.store).updateOne({ _id: id }, { $set: { slug: 'sora-demo-test' } });
    const poster = await get('/api/characters/by-slug/sora-demo-test/poster');
    expect(poster.statusCode).toBe(404);
    expect(poster.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('demo seed, ミライ, is also a draft the admin can edit: setting, lists, one document per block and video, no fault', async () => {
    const res = await get('/api/admin/characters/demo-mirai/all', {
      authorization: `Bearer ${svc.tokenFor('admin-1', ['admin'])}`,
    });
    const { character, faults } = res.json();
    expect(res.statusCode).toBe(200);
    expect(character.blocks.map((b: { id: string }) => b.id).sort()).toEqual(
      demoCharacter.blocks.map((b) => b.id).sort(),
    );
    expect(character.videos).toHaveLength(demoCharacter.videos.length);
    expect(character.startButtons).toEqual(demoCharacter.startButtons);
    expect(character.setting.standby_video_id).toBe(demoCharacter.setting.standby_video_id);
    expect(faults).toEqual([]);
    expect(await openBlocks(svc.platform.store).countDocuments({ character_id: 'demo-mirai' })).toBe(
      demoCharacter.blocks.length,
    );
  });

  it('demo seed, ミライ, ships her tests and every one passes when run on her draft', async () => {
    const admin = { authorization: `Bearer ${svc.tokenFor('admin-1', ['admin'])}` };

    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/characters/demo-mirai/tests/run',
      headers: admin,
      payload: {},
    });

    const { report } = res.json();
    expect(report.total).toBe(demoTests.length);
    expect(report.results.filter((r: { passed: boolean }) => !r.passed)).toEqual([]);
    expect(report.passed).toBe(true);
  });

  it('seeding, a character stored with a published dialogue but no draft, explodes it into the draft once', async () => {
    const id = `legacy-${Date.now()}`;
    const dialogue = { ...demoCharacter, id, slug: id, setting: { ...demoCharacter.setting, character_id: id } };
    await openCharacters(svc.platform.store).insertOne({
      _id: id,
      name: '旧キャラ',
      description: '',
      slug: id,
      dialogue,
      published_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
    });
    const first = await seedDemoCharacter(svc.platform);
    const second = await seedDemoCharacter(svc.platform);
    const stored = await openCharacters(svc.platform.store).findOne({ _id: id });
    expect(first.drafted).toBe(1);
    expect(second.drafted).toBe(0);
    expect(stored?.setting?.character_id).toBe(id);
    expect(stored?.draft?.startButtons).toEqual(demoCharacter.startButtons);
    expect(stored?.published_version).toBe(1);
    expect(await openBlocks(svc.platform.store).countDocuments({ character_id: id })).toBe(demoCharacter.blocks.length);
    expect(await openVideos(svc.platform.store).countDocuments({ character_id: id })).toBe(demoCharacter.videos.length);
  });
});

describe('catalog priced demo character ソラ', () => {
  const admin = () => ({ authorization: `Bearer ${svc.tokenFor('admin-1', ['admin'])}` });

  it('catalog start, empty store, seeds ソラ published at ¥300 beside a free ミライ, with her own media', async () => {
    const menu = (await get('/api/catalog/menu')).json();
    const listed = (await get('/api/admin/characters', admin())).json().characters as Array<{
      id: string;
      price: number;
      published_version: number;
    }>;
    const standby = await svc.platform.files.stat('characters/demo-sora/videos/standby.mp4');
    const subtitle = await svc.platform.files.read('subtitles/demo-sora/ja-JP/greet.vtt');
    const unsigned = await get('/files/subtitles/demo-sora/ja-JP/greet.vtt');
    expect(menu.ungrouped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'demo-sora', slug: 'sora', price: 300, playable: true }),
        expect.objectContaining({ id: 'demo-mirai', slug: 'mirai', price: 0 }),
      ]),
    );
    expect(listed.find((c) => c.id === 'demo-sora')).toMatchObject({ price: 300, published_version: 1 });
    expect(standby).toBeTruthy();
    expect(Buffer.concat(await subtitle.toArray()).toString('utf8')).toContain('ソラ');
    expect(unsigned.statusCode).toBe(403);
  });

  it('demo seed, ソラ, announces character.published with her price, the 5-point action and every block id', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume(
      `sora-published-${Date.now()}`,
      ['character.published'],
      async (e) => {
        seen.push(e);
      },
    );
    const event = await eventually(async () => seen.find((e) => e.key === 'demo-sora'));
    await sub.close();
    const data = event.data as {
      price: number;
      slug: string;
      block_ids: string[];
      recognition: { actions: Array<{ code: string; points: number }> };
    };
    expect(data).toMatchObject({ character_id: 'demo-sora', name: 'ソラ', price: 300, slug: 'sora', version: 1 });
    expect(data.recognition.actions).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'SORA_SPECIAL', points: 5 })]),
    );
    expect([...data.block_ids].sort()).toEqual(soraCharacter.blocks.map((b) => b.id).sort());
  });

  it('demo seed, ソラ, is a draft the admin can edit without a fault, with the mic-test block and the standby clip set', async () => {
    const { character, faults } = (await get('/api/admin/characters/demo-sora/all', admin())).json();
    expect(faults).toEqual([]);
    expect(character.setting).toMatchObject({ standby_video_id: 'standby', for_mic_test: 'mic-test' });
    expect(
      character.blocks
        .flatMap((b: { action_buttons: Array<{ code?: string; points?: number }> }) => b.action_buttons)
        .filter((a: { points?: number }) => (a.points ?? 0) > 0),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'SORA_SPECIAL', points: 5 })]));
  });

  it('seeding again, ソラ already there, inserts and announces nothing more (one document, one character.published)', async () => {
    const again = await seedDemoCharacter(svc.platform);
    const announced = await svc.platform.store
      .collection<OutboxEntry>(OUTBOX)
      .countDocuments({ 'envelope.type': 'character.published', 'envelope.key': 'demo-sora' });
    expect(again.inserted).toEqual([]);
    expect(await openCharacters(svc.platform.store).countDocuments({ slug: 'sora' })).toBe(1);
    expect(announced).toBe(1);
  });
});
