import { describe, expect, it } from 'vitest';
import { blockBlockReferences, validateCharacter } from '@talkwith/dialogue-engine';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { publicCharacterOf, type PublicCharacter } from '@talkwith/proto/dialogue';
import { withoutLockedBlocks } from '../serial-gates.ts';
import { guardedCharacterOf } from './media-guard.ts';
import { previewOf } from './preview.ts';

const demo = (): PublicCharacter => publicCharacterOf(demoCharacter);

describe('previewOf', () => {
  it('previewOf, the demo character, keeps the mic-test block alone and only the clips it and the standby name', () => {
    const preview = previewOf(demo());
    expect(preview.blocks.map((b) => b.id)).toEqual(['mic-test']);
    expect(preview.blocks.flatMap((b) => blockBlockReferences(b).map((r) => r.id))).toEqual([]);
    expect(preview.videos.map((v) => v.id).sort()).toEqual(['listen_1', 'mic_test', 'standby']);
    expect(preview.startButtons.map((s) => s.title)).toEqual(['話す', '占い', 'マイクテスト']);
    expect(preview.setting.standby_video_id).toBe('standby');
    expect(preview).toMatchObject({
      price: demoCharacter.price,
      conversations: [],
      slots: [],
      kikiwasure: [],
      random: { trigger_videos: [], end_blocks: [] },
    });
  });

  it('previewOf, what it keeps, names no block or clip it left out', () => {
    const preview = previewOf(demo());
    const faults = validateCharacter({
      ...demoCharacter,
      ...preview,
      setting: demoCharacter.setting,
      startButtons: [],
    });
    expect(faults.filter((f) => f.code.includes('NOT_FOUND'))).toEqual([]);
  });

  it('previewOf after withoutLockedBlocks, the mic-test block locked, has no block and keeps the standby clip', () => {
    const { dialogue, locked } = withoutLockedBlocks(demo(), new Set(['mic-test']));
    const preview = previewOf(dialogue);
    expect(preview.blocks).toEqual([]);
    expect(preview.setting.for_mic_test).toBeNull();
    expect(preview.videos.map((v) => v.id)).toContain('standby');
    expect(preview.startButtons.map((s) => s.id)).not.toContain('btn-mic');
    expect(locked.map((l) => l.block_id)).toEqual(['mic-test']);
  });
});

describe('guardedCharacterOf', () => {
  it('guardedCharacterOf, clips and subtitles, name their character; posters, avatars and other keys, none', () => {
    expect(guardedCharacterOf('characters/c1/videos/a.mp4')).toBe('c1');
    expect(guardedCharacterOf('characters/c1/videos/a-1700000000.webm')).toBe('c1');
    expect(guardedCharacterOf('subtitles/c1/ja-JP/a.vtt')).toBe('c1');
    expect(guardedCharacterOf('characters/c1/posters/a.webp')).toBeUndefined();
    expect(guardedCharacterOf('characters/c1/avatar.png')).toBeUndefined();
    expect(guardedCharacterOf('characters/c1/avatar/640w.webp')).toBeUndefined();
    expect(guardedCharacterOf('characters/c1')).toBeUndefined();
    expect(guardedCharacterOf('other/c1/a.mp4')).toBeUndefined();
  });
});
