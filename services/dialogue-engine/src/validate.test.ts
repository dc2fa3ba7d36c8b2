import { describe, expect, it } from 'vitest';
import type { Block, Character } from '@talkwith/proto/dialogue';
import { demoCharacter } from '../demo/index.ts';
import { Messages, type MessageCode } from './messages.ts';
import { tinyBlock, tinyCharacter } from './test-fixtures.ts';
import { validateCharacter } from './validate.ts';

const listening = (options: Partial<Block> = {}) =>
  tinyBlock('ask', {
    trigger_video_id: 'ask',
    listen_video_ids: ['listen'],
    valid_response: true,
    listen_next_block: ['yes'],
    ...options,
  });
const healthy = (): Character => tinyCharacter([listening(), tinyBlock('yes', { trigger_video_id: 'yes' })]);

/** Each broken character has exactly one seeded fault: the code, where it is, and for a dangling reference the missing id. */
const broken: Array<{
  fault: string;
  character: () => Character;
  code: MessageCode;
  blockId?: string;
  videoId?: string;
  targetId?: string;
  field?: string;
}> = [
  {
    fault: 'no standby video',
    character: () => ({ ...healthy(), setting: { ...healthy().setting, standby_video_id: null } }),
    code: 'NO_STANDBY_VIDEO',
  },
  {
    fault: 'standby video that does not exist',
    character: () => ({ ...healthy(), setting: { ...healthy().setting, standby_video_id: 'gone' } }),
    code: 'NO_STANDBY_VIDEO',
    videoId: 'gone',
    targetId: 'gone',
  },
  {
    fault: 'no default start button',
    character: () => ({ ...healthy(), setting: { ...healthy().setting, default_start_button_id: null } }),
    code: 'NO_DEFAULT_START_BUTTON',
  },
  {
    fault: 'google_key missing without the browser speech API',
    character: () => ({ ...healthy(), setting: { ...healthy().setting, use_web_speech_api: false } }),
    code: 'INVALID_GOOGLE_KEY',
  },
  {
    fault: 'listen video not found',
    character: () =>
      tinyCharacter([listening({ listen_video_ids: ['gone'] }), tinyBlock('yes', { trigger_video_id: 'yes' })]),
    code: 'LISTEN_VIDEO_NOT_FOUND',
    blockId: 'ask',
  },
  {
    fault: 'low score with nowhere to go',
    character: () =>
      tinyCharacter(
        [
          listening({ valid_response: false, listen_next_block: [], spj_category: 'c' }),
          tinyBlock('yes', { trigger_video_id: 'yes' }),
        ],
        { spj_url: 'http://spj' },
      ),
    code: 'LOW_SCORE_NOWHERE',
    blockId: 'ask',
  },
  {
    fault: 'SPJ-out without video or block',
    character: () =>
      tinyCharacter(
        [listening({ spj_category: 'c', spj_out_score: 50 }), tinyBlock('yes', { trigger_video_id: 'yes' })],
        { spj_url: 'http://spj' },
      ),
    code: 'SPJ_OUT_NOWHERE',
    blockId: 'ask',
  },
  {
    fault: 'invalid ladder without videos',
    character: () =>
      tinyCharacter([
        listening({ valid_response: false, invalid_max_count: 3, invalid_final_block: ['yes'] }),
        tinyBlock('yes', { trigger_video_id: 'yes' }),
      ]),
    code: 'INVALID_SETTINGS',
    blockId: 'ask',
  },
  {
    fault: 'invalid limit without final video or block',
    character: () =>
      tinyCharacter([
        listening({ valid_response: false, invalid_max_count: 1 }),
        tinyBlock('yes', { trigger_video_id: 'yes' }),
      ]),
    code: 'INVALID_SETTINGS',
    blockId: 'ask',
  },
  {
    fault: 'replacement missing for play_again false',
    character: () => tinyCharacter([listening({ play_again: false }), tinyBlock('yes', { trigger_video_id: 'yes' })]),
    code: 'REPLACEMENT_MISSING',
    blockId: 'ask',
  },
  {
    fault: 'silence count without silence time',
    character: () =>
      tinyCharacter([
        listening({ silence_count: 2, silence_video_ids: ['no'], silence_final_blocks: ['yes'] }),
        tinyBlock('yes', { trigger_video_id: 'yes' }),
      ]),
    code: 'SILENCE_SETTINGS_MISSING',
    blockId: 'ask',
  },
  {
    fault: 'silence without final block',
    character: () =>
      tinyCharacter([
        listening({ silence_time_limit: 5, silence_count: 1 }),
        tinyBlock('yes', { trigger_video_id: 'yes' }),
      ]),
    code: 'SILENCE_SETTINGS_MISSING',
    blockId: 'ask',
  },
  {
    fault: 'search candidates without an index',
    character: () =>
      tinyCharacter([listening({ valid_response_ids: ['yes'] }), tinyBlock('yes', { trigger_video_id: 'yes' })]),
    code: 'INVALID_SPJ_OR_SEARCH',
    blockId: 'ask',
  },
  {
    fault: 'SPJ category without SPJ url',
    character: () => tinyCharacter([listening({ spj_category: 'c' }), tinyBlock('yes', { trigger_video_id: 'yes' })]),
    code: 'INVALID_SPJ_OR_SEARCH',
    blockId: 'ask',
  },
  {
    fault: 'random block without end block',
    character: () => tinyCharacter([listening({ random_count: 2 }), tinyBlock('yes', { trigger_video_id: 'yes' })]),
    code: 'RANDOM_END_BLOCK_MISSING',
    blockId: 'ask',
  },
  {
    fault: 'hit word to a missing block',
    character: () =>
      tinyCharacter([
        listening({ hit_words: [{ words: ['はい'], block_id: 'nowhere', slot: null }] }),
        tinyBlock('yes', { trigger_video_id: 'yes' }),
      ]),
    code: 'BLOCK_NOT_FOUND',
    blockId: 'ask',
    targetId: 'nowhere',
    field: 'ヒットワード 1 件目の遷移先',
  },
  {
    fault: 'trigger video that does not exist',
    character: () =>
      tinyCharacter([listening({ trigger_video_id: 'ghost' }), tinyBlock('yes', { trigger_video_id: 'yes' })]),
    code: 'VIDEO_NOT_FOUND',
    blockId: 'ask',
    videoId: 'ghost',
    targetId: 'ghost',
    field: 'トリガー動画',
  },
  {
    fault: 'start button to a missing block',
    character: () => tinyCharacter([tinyBlock('yes', { trigger_video_id: 'yes' })]),
    code: 'START_BUTTON_BLOCK_MISSING',
    targetId: 'ask',
  },
  {
    fault: 'blocks without videos looping',
    character: () =>
      tinyCharacter([
        listening({ listen_next_block: ['x1'] }),
        tinyBlock('x1', { play_final_block: ['x2'] }),
        tinyBlock('x2', { play_final_block: ['x1'] }),
      ]),
    code: 'BLOCK_LOOP',
    blockId: 'x1',
  },
];

describe('validateCharacter', () => {
  it('validateCharacter, demo character, reports no problem', () => {
    expect(validateCharacter(demoCharacter)).toEqual([]);
  });

  it('validateCharacter, healthy tiny character, reports no problem', () => {
    expect(validateCharacter(healthy())).toEqual([]);
  });

  it('validateCharacter, a block no entry leads to, reports BLOCK_UNREACHABLE naming it by its title', () => {
    const character = tinyCharacter([
      listening(),
      tinyBlock('yes', { trigger_video_id: 'yes' }),
      tinyBlock('lost', { title: '迷子', trigger_video_id: 'bye' }),
    ]);

    const problems = validateCharacter(character);

    expect(problems).toEqual([
      { code: 'BLOCK_UNREACHABLE', blockId: 'lost', message: `${Messages.BLOCK_UNREACHABLE} — ブロック「迷子」` },
    ]);
  });

  it('validateCharacter, blocks reached only through the mic test, kikiwasure or conversion lists, reports none unreachable', () => {
    const base = tinyCharacter([
      listening(),
      tinyBlock('yes', { trigger_video_id: 'yes' }),
      tinyBlock('mic', { trigger_video_id: 'bye' }),
      tinyBlock('conv', { trigger_video_id: 'no' }),
    ]);
    const character: Character = {
      ...base,
      setting: { ...base.setting, for_mic_test: 'mic' },
      replacement: { ...base.replacement, block_ids: ['conv'] },
    };

    expect(validateCharacter(character).map((p) => p.code)).not.toContain('BLOCK_UNREACHABLE');
  });

  it('validateCharacter, a block with no video, no listening and no way out, reports BLOCK_DEAD_END', () => {
    const character = tinyCharacter([
      listening({ listen_next_block: ['stop'] }),
      tinyBlock('stop', { title: '終わり？' }),
    ]);

    const problems = validateCharacter(character);

    expect(problems).toEqual([
      { code: 'BLOCK_DEAD_END', blockId: 'stop', message: `${Messages.BLOCK_DEAD_END} — ブロック「終わり？」` },
    ]);
  });

  for (const seeded of broken) {
    it(`validateCharacter, ${seeded.fault}, reports ${seeded.code} with the Japanese message and where it is`, () => {
      const problems = validateCharacter(seeded.character());
      const base = seeded.targetId ? `${Messages[seeded.code]}（${seeded.targetId}）` : Messages[seeded.code];
      // Where, in words: the block by its title (tinyBlock's title is its id) and the field by its label.
      const place = seeded.blockId
        ? ` — ブロック「${seeded.blockId}」${seeded.field ? `の「${seeded.field}」` : ''}`
        : '';
      const message = base + place;
      const where = { blockId: seeded.blockId, videoId: seeded.videoId, targetId: seeded.targetId };
      const expected = {
        code: seeded.code,
        message,
        ...Object.fromEntries(Object.entries(where).filter(([, v]) => v !== undefined)),
      };
      expect(problems).toContainEqual(expected);
      expect(problems.every((p) => p.message.startsWith(Messages[p.code]))).toBe(true);
    });
  }
});
