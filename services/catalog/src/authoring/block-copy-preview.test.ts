import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { mediaKeys } from '../characters.ts';
import { catalogService } from '../index.ts';
import { openBlocks, openCategories, openGroups, openVideos } from '../model.ts';
import { customerHeaders } from '../test-support.ts';
import { addBlocks, addCharacterFor, addVideoDoc, adminHeaders } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const preview = (source: string, targets: string[], blockIds: string[], headers = adminHeaders(svc)) =>
  svc.app.inject({
    method: 'POST',
    url: '/api/admin/blocks/characterBlockCopy/preview',
    headers,
    payload: { character_id: source, copy_target_character_ids: targets, block_ids: blockIds },
  });

/** Clip `hello` with a Japanese subtitle; blocks greet (plays hello, listens → next, hit word → outside), next, outside. */
async function sourceCharacter(): Promise<string> {
  const id = await addCharacterFor(svc, { name: 'コピー元' });
  await addVideoDoc(svc, id, 'hello');
  await svc.platform.files.put(`${mediaKeys(id).subtitlesPrefix}ja-JP/hello.vtt`, Buffer.from('WEBVTT\n'), 'text/vtt');
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

describe('admin blocks: copy preview', () => {
  it('preview, of a block with a clip, lists per target the blocks, clip, subtitle and outside transitions, and writes nothing', async () => {
    const source = await sourceCharacter();
    const hasOutside = await addCharacterFor(svc, { name: '先A' });
    const lacksOutside = await addCharacterFor(svc, { name: '先B' });
    await addBlocks(svc, hasOutside, [{ id: 'outside' }]);

    const res = await preview(source, [hasOutside, lacksOutside], ['greet']);

    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: { character_id: source, name: 'コピー元' }, can_copy: true });
    expect(body.targets[0]).toMatchObject({
      character_id: hasOutside,
      name: '先A',
      blocks: ['greet'],
      videos: [{ id: 'hello', title: 'hello.mp4' }],
      subtitles: ['ja-JP/hello.vtt'],
      collisions: [],
    });
    expect(body.targets[0].outside_references).toEqual(
      expect.arrayContaining([
        { block_id: 'greet', field: 'listen_next_block', id: 'next', resolution: 'cleared' },
        { block_id: 'greet', field: 'hit_words[0].block_id', id: 'outside', resolution: 'kept' },
      ]),
    );
    expect(body.targets[1].outside_references).toContainEqual({
      block_id: 'greet',
      field: 'hit_words[0].block_id',
      id: 'outside',
      resolution: 'cleared',
    });
    expect(await openBlocks(svc.platform.store).countDocuments({ character_id: lacksOutside })).toBe(0);
    expect(await openVideos(svc.platform.store).countDocuments({ character_id: hasOutside })).toBe(0);
  });

  it('preview, an id the target already has, lists the collision for that target and says the copy cannot happen', async () => {
    const source = await sourceCharacter();
    const free = await addCharacterFor(svc);
    const taken = await addCharacterFor(svc);
    await addBlocks(svc, taken, [{ id: 'next' }]);

    const res = await preview(source, [free, taken], ['greet', 'next']);

    expect(res.json().can_copy).toBe(false);
    expect(res.json().targets.map((t: { collisions: unknown[] }) => t.collisions)).toEqual([
      [],
      [{ kind: 'block', id: 'next' }],
    ]);
  });

  it('preview, unknown block, unknown target, the source as target, is refused as the copy is', async () => {
    const source = await sourceCharacter();
    const target = await addCharacterFor(svc);

    const [ghostBlock, ghostTarget, itself, ghostSource] = await Promise.all([
      preview(source, [target], ['ghost']),
      preview(source, ['nobody'], ['greet']),
      preview(source, [source], ['greet']),
      preview('nobody', [target], ['greet']),
    ]);

    expect(ghostBlock.json()).toMatchObject({ code: 'VALIDATION_FAILED', unknown_block_ids: ['ghost'] });
    expect(ghostTarget.json()).toMatchObject({ code: 'NOT_FOUND', unknown_character_ids: ['nobody'] });
    expect(itself.statusCode).toBe(400);
    expect(ghostSource.statusCode).toBe(404);
  });

  it('preview and copy, as a customer or without a token, are refused 403 / 401', async () => {
    const source = await sourceCharacter();
    const target = await addCharacterFor(svc);

    const asCustomer = await preview(source, [target], ['greet'], customerHeaders(svc));
    const anonymous = await preview(source, [target], ['greet'], {});
    const categoryAsCustomer = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/blocks/copy/any/preview',
      headers: customerHeaders(svc),
      payload: { character_id: source, block_ids: ['greet'] },
    });

    expect([asCustomer.statusCode, anonymous.statusCode, categoryAsCustomer.statusCode]).toEqual([403, 401, 403]);
  });

  it("preview of copy/{category_id}, plans for every character of the category's groups but the source, by name", async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    const base = { description: '', sort_order: 0, created_at: '', updated_at: '' };
    await openCategories(svc.platform.store).insertOne({ _id: `cat-${stamp}`, name: 'C', slug: `c-${stamp}`, ...base });
    await openGroups(svc.platform.store).insertOne({
      _id: `grp-${stamp}`,
      category_id: `cat-${stamp}`,
      name: 'G',
      ...base,
    });
    const source = await sourceCharacter();
    const member = await addCharacterFor(svc, { name: '仲間', group_id: `grp-${stamp}` });

    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/blocks/copy/cat-${stamp}/preview`,
      headers: adminHeaders(svc),
      payload: { character_id: source, block_ids: ['next'] },
    });
    const unknown = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/blocks/copy/no-such-category/preview',
      headers: adminHeaders(svc),
      payload: { character_id: source, block_ids: ['next'] },
    });

    expect(res.json().targets).toMatchObject([{ character_id: member, name: '仲間', blocks: ['next'] }]);
    expect(unknown.statusCode).toBe(404);
  });
});
