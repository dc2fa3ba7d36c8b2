import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { mediaKeys } from '../characters.ts';
import { catalogService } from '../index.ts';
import { openBlocks, openCategories, openGroups, openVideos } from '../model.ts';
import { addBlocks, addCharacterFor, addVideoDoc, adminHeaders } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  svc.app.inject({ method: 'POST', url, headers: adminHeaders(svc), payload });
const copy = (source: string, targets: string[], blockIds: string[]) =>
  post('/api/admin/blocks/characterBlockCopy', {
    character_id: source,
    copy_target_character_ids: targets,
    block_ids: blockIds,
  });

/** A source character: clip `hello` (with its file) and blocks greet → next → outside, greet listening with `hello`. */
async function sourceCharacter(): Promise<string> {
  const id = await addCharacterFor(svc, { name: 'コピー元' });
  await addVideoDoc(svc, id, 'hello');
  await svc.platform.files.put(mediaKeys(id).media('videos/hello.mp4'), Buffer.from('mp4 bytes'), 'video/mp4');
  await svc.platform.files.put(`${mediaKeys(id).subtitlesPrefix}ja-JP/hello.vtt`, Buffer.from('WEBVTT\n'), 'text/vtt');
  await svc.platform.files.put(`${mediaKeys(id).subtitlesPrefix}ja-JP/other.vtt`, Buffer.from('WEBVTT\n'), 'text/vtt');
  await addBlocks(svc, id, [
    {
      id: 'greet',
      trigger_video_id: 'hello',
      listen_next_block: ['next'],
      hit_words: [{ words: ['外'], block_id: 'outside' }],
    },
    { id: 'next', play_final_block: ['greet'] },
    { id: 'outside' },
  ]);
  return id;
}

describe('admin blocks: characterBlockCopy', () => {
  it('copy, blocks with a video, copies the blocks, the video document, its file and its subtitles into every target', async () => {
    const source = await sourceCharacter();
    const t1 = await addCharacterFor(svc);
    const t2 = await addCharacterFor(svc);
    const res = await copy(source, [t1, t2], ['greet', 'next']);
    const copiedVideo = await openVideos(svc.platform.store).findOne({ character_id: t1, id: 'hello' });
    const file = await svc.platform.files.stat(mediaKeys(t2).media('videos/hello.mp4'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().targets[0]).toMatchObject({ character_id: t1, blocks: ['greet', 'next'], videos: ['hello'] });
    expect(
      await openBlocks(svc.platform.store).countDocuments({ character_id: t2, id: { $in: ['greet', 'next'] } }),
    ).toBe(2);
    expect(copiedVideo).toMatchObject({ character_id: t1, path: 'videos/hello.mp4', original_id: 'hello' });
    expect(file?.size).toBe('mp4 bytes'.length);
    expect((await svc.platform.files.list(mediaKeys(t1).subtitlesPrefix)).map((f) => f.key)).toEqual([
      `${mediaKeys(t1).subtitlesPrefix}ja-JP/hello.vtt`,
    ]);
  });

  it('copy, a reference to a block not copied and missing in the target, is cleared and listed; one the target has is kept', async () => {
    const source = await sourceCharacter();
    const hasOutside = await addCharacterFor(svc);
    const lacksOutside = await addCharacterFor(svc);
    await addBlocks(svc, hasOutside, [{ id: 'outside' }]);
    const res = await copy(source, [hasOutside, lacksOutside], ['greet']);
    const [kept, cleared] = res.json().targets;
    const clearedBlock = await openBlocks(svc.platform.store).findOne({ character_id: lacksOutside, id: 'greet' });
    const keptBlock = await openBlocks(svc.platform.store).findOne({ character_id: hasOutside, id: 'greet' });
    expect(kept.dropped_references).toEqual([{ block_id: 'greet', field: 'listen_next_block', id: 'next' }]);
    expect(cleared.dropped_references).toEqual(
      expect.arrayContaining([{ block_id: 'greet', field: 'hit_words[0].block_id', id: 'outside' }]),
    );
    expect(clearedBlock).toMatchObject({ listen_next_block: [], hit_words: [] });
    expect(keptBlock?.hit_words).toEqual([{ words: ['外'], block_id: 'outside', slot: null }]);
  });

  it('copy, an id taken in one target, refuses every target with the collisions listed and copies nothing', async () => {
    const source = await sourceCharacter();
    const free = await addCharacterFor(svc);
    const taken = await addCharacterFor(svc);
    await addBlocks(svc, taken, [{ id: 'next' }]);
    await addVideoDoc(svc, taken, 'hello');
    const res = await copy(source, [free, taken], ['greet', 'next']);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COPY_COLLISION');
    expect(res.json().collisions).toEqual(
      expect.arrayContaining([
        { character_id: taken, kind: 'block', id: 'next' },
        { character_id: taken, kind: 'video', id: 'hello' },
      ]),
    );
    expect(await openBlocks(svc.platform.store).countDocuments({ character_id: free })).toBe(0);
    expect(await svc.platform.files.stat(mediaKeys(free).media('videos/hello.mp4'))).toBeNull();
  });

  it('copy, unknown block, unknown target or the source itself as target, is refused', async () => {
    const source = await sourceCharacter();
    const target = await addCharacterFor(svc);
    expect((await copy(source, [target], ['ghost'])).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      unknown_block_ids: ['ghost'],
    });
    expect((await copy(source, ['nobody'], ['greet'])).json()).toMatchObject({
      code: 'NOT_FOUND',
      unknown_character_ids: ['nobody'],
    });
    expect((await copy(source, [source], ['greet'])).statusCode).toBe(400);
    expect((await copy('nobody', [target], ['greet'])).statusCode).toBe(404);
    expect((await copy(source, [], ['greet'])).statusCode).toBe(400);
  });
});

describe('admin blocks: copy to a category', () => {
  it("copy/{category_id}, copies to every character of the category's groups but the source", async () => {
    const stamp = Date.now();
    await openCategories(svc.platform.store).insertOne({
      _id: `cat-${stamp}`,
      name: 'C',
      slug: `cat-${stamp}`,
      description: '',
      sort_order: 0,
      created_at: '',
      updated_at: '',
    });
    await openGroups(svc.platform.store).insertOne({
      _id: `grp-${stamp}`,
      category_id: `cat-${stamp}`,
      name: 'G',
      description: '',
      sort_order: 0,
      created_at: '',
      updated_at: '',
    });
    const source = await sourceCharacter();
    await svc.app.inject({
      method: 'PUT',
      url: `/api/admin/characters/${source}`,
      headers: adminHeaders(svc),
      payload: { group_id: `grp-${stamp}` },
    });
    const member = await addCharacterFor(svc, { group_id: `grp-${stamp}` });
    const outsider = await addCharacterFor(svc);
    const res = await post(`/api/admin/blocks/copy/cat-${stamp}`, { character_id: source, block_ids: ['next'] });
    expect(res.json().targets.map((t: { character_id: string }) => t.character_id)).toEqual([member]);
    expect(await openBlocks(svc.platform.store).countDocuments({ character_id: outsider })).toBe(0);
    expect(
      (await post('/api/admin/blocks/copy/no-such-category', { character_id: source, block_ids: ['next'] })).statusCode,
    ).toBe(404);
  });
});
