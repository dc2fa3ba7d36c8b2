import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { EngineCommand, EngineInput, makeBlock, makeSetting } from './index.ts';

describe('dialogue contracts', () => {
  it('makeSetting, only the character id, defaults use_web_speech_api, landscape_mode and hide_cursor to true', () => {
    const setting = makeSetting({ character_id: 'c1' });
    expect(setting).toMatchObject({
      use_web_speech_api: true,
      landscape_mode: true,
      hide_cursor: true,
      silence_enabled: true,
      standby_video_id: null,
    });
  });

  it('makeBlock, only ids, fills every list with [] and play_again with true', () => {
    const block = makeBlock({ id: 'b1', character_id: 'c1' });
    expect(block.hit_words).toEqual([]);
    expect(block.silence_final_blocks).toEqual([]);
    expect(block.play_again).toBe(true);
    expect(block.invalid_max_count).toBe(0);
  });

  it('EngineInput and EngineCommand, sample messages, validate', () => {
    expect(Value.Check(EngineInput, { type: 'start', source: 'button', buttonId: 'b' })).toBe(true);
    expect(Value.Check(EngineInput, { type: 'start', source: 'elsewhere' })).toBe(false);
    expect(Value.Check(EngineCommand, { type: 'micOn', delayMs: 0, showIndicator: true })).toBe(true);
    expect(Value.Check(EngineCommand, { type: 'log', category: 'nonsense', message: '', extra: {} })).toBe(false);
  });
});
