import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { EventEnvelope } from '@talkwith/proto';
import type { CharacterDiff } from '@talkwith/proto/catalog';
import { catalogService } from '../index.ts';
import { addCharacterFor, adminHeaders } from './test-support.ts';
import { customerHeaders } from '../test-support.ts';
import { openVersions } from './versions.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, sub = 'admin-1') =>
  svc.app.inject({
    method,
    url,
    headers: adminHeaders(svc, sub),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const [firstBlock, secondBlock] = demoCharacter.blocks;

/** A character holding the demo, published once (v1). */
async function publishedDemo(): Promise<string> {
  const id = await addCharacterFor(svc);
  await inject('POST', '/api/admin/characters/jsonUpload', {
    character_id: id,
    dry_run: false,
    character: demoCharacter,
  });
  const res = await inject('POST', `/api/admin/characters/${id}/publish`, { note: '最初の版' });
  if (res.statusCode !== 200) throw new Error(`publish answered ${res.statusCode}: ${res.body}`);
  return id;
}
const diffOf = async (id: string, version?: number): Promise<CharacterDiff> =>
  (await inject('GET', `/api/admin/characters/${id}/diff${version ? `?version=${version}` : ''}`)).json().diff;
const playedTitle = async (id: string, blockId: string) => {
  const played = (await svc.app.inject({ method: 'GET', url: `/api/character/${id}/get` })).json();
  return played.character.dialogue.blocks.find((b: { id: string }) => b.id === blockId)?.title as string | undefined;
};

describe('admin characters: versions', () => {
  it('publish, twice with notes, keeps each version with who, when and its note, newest first, the last live', async () => {
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: '二つ目の版' });
    await inject('POST', `/api/admin/characters/${id}/publish`, { note: '挨拶を変更' }, 'admin-2');

    const { versions } = (await inject('GET', `/api/admin/characters/${id}/versions`)).json();

    expect(versions).toMatchObject([
      { version: 2, published_by: 'admin-2', note: '挨拶を変更', live: true },
      { version: 1, published_by: 'admin-1', note: '最初の版', live: false },
    ]);
    expect(Date.parse(versions[0].published_at)).toBeGreaterThanOrEqual(Date.parse(versions[1].published_at));
  });

  it('publish, without a body (as before notes existed), still publishes with an empty note', async () => {
    const id = await addCharacterFor(svc);
    await inject('POST', '/api/admin/characters/jsonUpload', {
      character_id: id,
      dry_run: false,
      character: demoCharacter,
    });

    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/characters/${id}/publish`,
      headers: adminHeaders(svc),
    });

    expect(res.statusCode).toBe(200);
    expect((await inject('GET', `/api/admin/characters/${id}/versions`)).json().versions).toMatchObject([
      { version: 1, note: '' },
    ]);
  });

  it('the admin view, after publishing then editing a block, says the draft differs; publishing again clears it', async () => {
    const id = await publishedDemo();
    const fresh = (await inject('GET', `/api/admin/characters/${id}`)).json().character.draft_differs;
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: '変更後' });
    const edited = (await inject('GET', `/api/admin/characters/${id}`)).json().character.draft_differs;
    await inject('POST', `/api/admin/characters/${id}/publish`);
    const republished = (await inject('GET', `/api/admin/characters/${id}`)).json().character.draft_differs;

    expect([fresh, edited, republished]).toEqual([false, true, false]);
  });

  it('diff, after a title edit, a removed block and a setting change, names the fields with before and after values', async () => {
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: '新しいタイトル' });
    await inject('PUT', `/api/admin/characters/${id}`, { setting: { hit_word_delay: 777 } });

    const diff = await diffOf(id);

    expect(diff).toMatchObject({
      from_version: 1,
      same: false,
      blocks: { added: [], removed: [] },
      videos: { added: [], removed: [], changed: [] },
    });
    expect(diff.blocks.changed).toEqual([
      {
        id: firstBlock!.id,
        title: '新しいタイトル',
        fields: [{ field: 'title', before: firstBlock!.title, after: '新しいタイトル' }],
      },
    ]);
    expect(diff.settings).toEqual([
      { field: 'hit_word_delay', before: demoCharacter.setting.hit_word_delay, after: 777 },
    ]);
  });

  it("diff, with a block renamed, names every block and clip by its title, the draft's title winning", async () => {
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: '新しいタイトル' });

    const diff = await diffOf(id);

    const clip = demoCharacter.videos[0]!;
    expect(diff.names.blocks[firstBlock!.id]).toBe('新しいタイトル');
    expect(diff.names.videos[clip.id]).toBe(clip.title);
  });

  it('diff, with a credential changed, names the field but never sends its values', async () => {
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/characters/${id}`, { setting: { spj_api_key: 'new-secret-key' } });

    const diff = await diffOf(id);

    expect(diff.settings).toEqual([{ field: 'spj_api_key', before: null, after: null, secret: true }]);
    expect(JSON.stringify(diff)).not.toContain('new-secret-key');
  });

  it('diff, from an older version, lists what the draft changed since that version; an unknown version is 404', async () => {
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: 'v2 のタイトル' });
    await inject('POST', `/api/admin/characters/${id}/publish`);

    const fromLive = await diffOf(id);
    const fromFirst = await diffOf(id, 1);
    const missing = await inject('GET', `/api/admin/characters/${id}/diff?version=9`);

    expect(fromLive).toMatchObject({ from_version: 2, same: true });
    expect(fromFirst.blocks.changed.map((b) => b.id)).toEqual([firstBlock!.id]);
    expect(missing.statusCode).toBe(404);
  });

  it('restore, of version 1 after v2 is live, writes v1 into the draft only: players keep v2 and no event but the audit leaves', async () => {
    const seen: EventEnvelope[] = [];
    const names = ['character.published', 'character.unpublished', 'group.saved', 'admin.acted'] as const;
    const sub = await svc.platform.events.consume('versions-restore-test', names, async (e) => {
      seen.push(e);
    });
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/blocks/${id}/${secondBlock!.id}`, { title: 'v2 だけのタイトル' });
    await inject('POST', `/api/admin/characters/${id}/publish`);
    // Both the v2 announcement and its audit entry are in before the restore, so what follows is the restore's alone.
    const actionOf = (e: EventEnvelope) =>
      e.data as { action?: string; detail?: { character_id?: string; version?: number } };
    await eventually(
      async () => seen.some((e) => e.key === id && (e.data as { version?: number }).version === 2) || undefined,
    );
    await eventually(
      async () =>
        seen.some(
          (e) =>
            actionOf(e).action === 'character.published' &&
            actionOf(e).detail?.character_id === id &&
            actionOf(e).detail?.version === 2,
        ) || undefined,
    );
    const before = seen.length;

    const res = await inject('POST', `/api/admin/characters/${id}/versions/1/restore`);
    const audit = await eventually(async () =>
      seen.slice(before).find((e) => (e.data as { action?: string }).action === 'character.version_restored'),
    );
    await sub.close();

    expect(res.statusCode).toBe(200);
    expect(res.json().diff.blocks.changed).toEqual([
      expect.objectContaining({
        id: secondBlock!.id,
        fields: [expect.objectContaining({ field: 'title', after: secondBlock!.title })],
      }),
    ]);
    expect(await playedTitle(id, secondBlock!.id)).toBe('v2 だけのタイトル');
    expect((await diffOf(id, 1)).same).toBe(true);
    const mine = seen
      .slice(before)
      .filter((e) => e.key === id || (e.data as { detail?: { character_id?: string } }).detail?.character_id === id);
    expect(mine.map((e) => e.type)).toEqual(['admin.acted']);
    expect(audit.data).toMatchObject({ admin_id: 'admin-1', detail: { character_id: id, version: 1 } });
    expect((await inject('GET', `/api/admin/characters/${id}`)).json().character).toMatchObject({
      published_version: 2,
      draft_differs: true,
    });
  });

  it('restore, then publish, makes the restored content what players get as version 3', async () => {
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: '消える変更' });
    await inject('POST', `/api/admin/characters/${id}/publish`);

    await inject('POST', `/api/admin/characters/${id}/versions/1/restore`);
    const published = (await inject('POST', `/api/admin/characters/${id}/publish`, { note: 'v1 に戻す' })).json();

    expect(published.character.published_version).toBe(3);
    expect(await playedTitle(id, firstBlock!.id)).toBe(firstBlock!.title);
  });

  it('restore, with a block locked since but unchanged, keeps the lock', async () => {
    const id = await publishedDemo();
    await inject('POST', '/api/admin/blocks/updateBlockLock', {
      characterId: id,
      lockBlockIds: [firstBlock!.id],
      unlockBlockIds: [],
    });

    const res = await inject('POST', `/api/admin/characters/${id}/versions/1/restore`);
    const blocks = (await inject('GET', `/api/admin/characters/${id}/all`)).json().character.blocks;

    expect(res.statusCode).toBe(200);
    expect(blocks.find((b: { id: string }) => b.id === firstBlock!.id).is_edit_locked).toBe(true);
  });

  it('restore, a locked block that differs, is refused 409 BLOCK_LOCKED and the draft stays', async () => {
    const id = await publishedDemo();
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: 'ロック前の変更' });
    await inject('POST', '/api/admin/blocks/updateBlockLock', {
      characterId: id,
      lockBlockIds: [firstBlock!.id],
      unlockBlockIds: [],
    });

    const res = await inject('POST', `/api/admin/characters/${id}/versions/1/restore`);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BLOCK_LOCKED' });
    expect((await diffOf(id)).blocks.changed[0]?.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'title', after: 'ロック前の変更' })]),
    );
  });

  it('publish, of a character published before versions were kept (the seeded demo), keeps the snapshot it replaces so it can be restored', async () => {
    const id = await publishedDemo();
    await openVersions(svc.platform.store).deleteMany({ character_id: id });
    const listedAlone = (await inject('GET', `/api/admin/characters/${id}/versions`)).json().versions;
    await inject('PUT', `/api/admin/blocks/${id}/${firstBlock!.id}`, { title: 'v2 の変更' });
    await inject('POST', `/api/admin/characters/${id}/publish`);

    const restored = await inject('POST', `/api/admin/characters/${id}/versions/1/restore`);

    expect(listedAlone).toMatchObject([{ version: 1, published_by: null, live: true }]);
    expect(
      (await inject('GET', `/api/admin/characters/${id}/versions`))
        .json()
        .versions.map((v: { version: number }) => v.version),
    ).toEqual([2, 1]);
    expect(restored.statusCode).toBe(200);
    expect((await diffOf(id, 1)).same).toBe(true);
  });

  it('versions, diff and restore, as a customer, are refused 403', async () => {
    const id = await publishedDemo();
    const asCustomer = (method: 'GET' | 'POST', url: string) =>
      svc.app.inject({ method, url, headers: customerHeaders(svc) });

    const answers = await Promise.all([
      asCustomer('GET', `/api/admin/characters/${id}/versions`),
      asCustomer('GET', `/api/admin/characters/${id}/diff`),
      asCustomer('POST', `/api/admin/characters/${id}/versions/1/restore`),
    ]);

    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403]);
  });
});
