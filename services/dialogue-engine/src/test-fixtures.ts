import { makeBlock, makeCharacter, makeSetting, makeVideo, type Block, type Character } from '@talkwith/proto/dialogue';
import { demoCharacter } from '../demo/index.ts';
import { Driver } from './testing.ts';
import { initialState } from './engine.ts';

/** Small characters for the behaviours the demo does not use (search, SPJ) and for seeded faults. */
const CID = 'tiny';
const VIDEO_IDS = ['standby', 'ask', 'listen', 'yes', 'no', 'fallback', 'empty1', 'out', 'bye'];

export function tinyBlock(id: string, options: Partial<Block> = {}): Block {
  return makeBlock({ id, character_id: CID, title: id, ...options });
}

export function tinyCharacter(blocks: Block[], settings: Record<string, unknown> = {}): Character {
  return makeCharacter({
    id: CID,
    name: 'タイニー',
    slug: 'tiny',
    setting: makeSetting({
      character_id: CID,
      standby_video_id: 'standby',
      default_start_button_id: 'go',
      ...settings,
    }),
    videos: VIDEO_IDS.map((id) =>
      makeVideo({
        id,
        character_id: CID,
        path: `videos/${id}.mp4`,
        title: `${id}.mp4`,
        loop: id === 'standby' || id === 'listen',
      }),
    ),
    blocks,
    startButtons: [{ id: 'go', character_id: CID, title: '始める', block_id: 'ask' }],
  });
}

const leaves = [
  tinyBlock('yes', { trigger_video_id: 'yes' }),
  tinyBlock('no', { trigger_video_id: 'no' }),
  tinyBlock('fallback', { trigger_video_id: 'fallback' }),
];

export function searchCharacter(options: Partial<Block> = {}): Character {
  return tinyCharacter(
    [
      tinyBlock('ask', {
        trigger_video_id: 'ask',
        listen_video_ids: ['listen'],
        valid_response_ids: ['yes', 'no'],
        spj_empty_count: 2,
        spj_empty_videos: ['empty1'],
        spj_empty_blocks: ['fallback'],
        ...options,
      }),
      ...leaves,
    ],
    { es_index_name: 'tiny-index' },
  );
}

export function scoreCharacter(options: Partial<Block> = {}): Character {
  return tinyCharacter(
    [
      tinyBlock('ask', {
        trigger_video_id: 'ask',
        listen_video_ids: ['listen'],
        spj_category: 'greeting',
        listen_next_block: ['yes'],
        spj_out_score: 50,
        spj_out_count: 1,
        spj_out_video_id: 'out',
        spj_out_block_id: 'fallback',
        spj_empty_end: true,
        ...options,
      }),
      ...leaves,
    ],
    { spj_url: 'http://spj.invalid/score' },
  );
}

/**
 * The character with a numbered listen series added (`lv_1.mp4` …, one pass each), listed in the
 * order given so that the engine's own ordering is what a test sees.
 */
export function withListenSeries(character: Character, numbers: number[], prefix = 'lv_'): Character {
  const series = numbers.map((n) =>
    makeVideo({
      id: `${prefix}${n}`,
      character_id: CID,
      path: `videos/${prefix}${n}.mp4`,
      title: `${prefix}${n}.mp4`,
      loop: true,
      loop_count: 1,
    }),
  );
  return {
    ...character,
    videos: [...character.videos, ...series],
    setting: { ...character.setting, listen_video_prefix: prefix },
  };
}

/** A driver on the demo character, started from standby (ready). */
export function demo(): Driver {
  const d = new Driver(initialState(demoCharacter, { seed: 1 }));
  d.send({ type: 'ready' });
  return d;
}

export function drive(character: Character): Driver {
  const d = new Driver(initialState(character, { seed: 1 }));
  d.send({ type: 'ready' });
  return d;
}
