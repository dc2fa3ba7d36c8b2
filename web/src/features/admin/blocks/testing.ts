import { makeBlock, makeCharacter, makeSetting, makeVideo, type Block, type Character } from '@talkwith/proto/dialogue';

/** Small characters for the block editor's tests (each test builds its own). */

export const CID = 'c1';

export const block = (id: string, fields: Partial<Block> = {}): Block =>
  makeBlock({ id, character_id: CID, title: `タイトル${id}`, ...fields });

export function character(blocks: Block[], extra: Partial<Character> = {}): Character {
  return makeCharacter({
    id: CID,
    name: 'テスト',
    slug: 'test',
    setting: makeSetting({ character_id: CID, standby_video_id: 'v1', default_start_button_id: 'sb1' }),
    videos: [
      makeVideo({ id: 'v1', character_id: CID, path: 'v1.mp4', title: '待機' }),
      makeVideo({ id: 'v2', character_id: CID, path: 'v2.mp4', title: 'あいさつ' }),
    ],
    startButtons: [{ id: 'sb1', character_id: CID, title: 'はじめる', block_id: blocks[0]?.id ?? 'b1' }],
    blocks,
    ...extra,
  });
}
