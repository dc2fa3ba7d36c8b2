import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { catalogService } from '../index.ts';
import { openBlocks } from '../model.ts';
import { addBlocks, addCharacterFor, adminHeaders } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  svc.app.inject({ method, url, headers: adminHeaders(svc), ...(payload ? { payload } : {}) });

/** The demo character (valid as shipped) uploaded into a new character; its id. */
async function validCharacter(): Promise<string> {
  const id = await addCharacterFor(svc);
  const res = await inject('POST', '/api/admin/characters/jsonUpload', {
    character_id: id,
    dry_run: false,
    character: demoCharacter as unknown as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return id;
}

describe('admin validation: the conversation graph', () => {
  it('validate, a block no start button reaches, lists BLOCK_UNREACHABLE naming it by its title', async () => {
    const id = await validCharacter();
    const trigger = demoCharacter.videos[0]!.id;
    await addBlocks(svc, id, [{ id: 'lost', title: '迷子のブロック', trigger_video_id: trigger }]);

    const { faults } = (await inject('GET', `/api/admin/characters/${id}/validate`)).json();

    expect(faults).toEqual([
      {
        code: 'BLOCK_UNREACHABLE',
        blockId: 'lost',
        message: 'どの開始ボタンからもたどり着けないブロックです。 — ブロック「迷子のブロック」',
      },
    ]);
  });

  it('publish, a reached block with no video, no listening and no way out, answers 409 with BLOCK_DEAD_END', async () => {
    const id = await validCharacter();
    const from = demoCharacter.blocks.find((b) => b.play_final_block.length === 0 && b.hit_words.length > 0)!;
    await addBlocks(svc, id, [{ id: 'stop', title: '行き止まり' }]);
    await inject('PUT', `/api/admin/blocks/${id}/${from.id}`, {
      hit_words: [...from.hit_words, { words: ['とまれ'], block_id: 'stop', slot: null }],
    });

    const res = await inject('POST', `/api/admin/characters/${id}/publish`);

    expect(res.statusCode).toBe(409);
    expect(res.json().faults).toEqual([
      {
        code: 'BLOCK_DEAD_END',
        blockId: 'stop',
        message: 'トリガー動画も聞き取りも次のブロックもないため、会話がここで止まります。 — ブロック「行き止まり」',
      },
    ]);
  });

  it('validate, a hit word to a missing block, names the block by its title and the field in words', async () => {
    const id = await validCharacter();
    const block = demoCharacter.blocks.find((b) => b.hit_words.length > 0)!;
    await svc.platform.store.withTransaction(async (tx) => {
      // A dangling reference the API refuses, as an older store or an import of the time could hold it.
      await openBlocks(tx).updateOne(
        { character_id: id, id: block.id },
        { $set: { hit_words: [{ words: ['ゴースト'], block_id: 'ghost', slot: null }] } },
      );
    });

    const { faults } = (await inject('GET', `/api/admin/characters/${id}/validate`)).json();

    const missing = faults.find((f: { code: string }) => f.code === 'BLOCK_NOT_FOUND');
    expect(missing.message).toBe(
      `参照先のブロックが存在しません。（ghost） — ブロック「${block.title}」の「ヒットワード 1 件目の遷移先」`,
    );
    expect(missing.message).not.toContain('hit_words');
  });
});
