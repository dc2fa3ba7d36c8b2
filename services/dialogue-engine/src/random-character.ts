import fc from 'fast-check';
import {
  makeBlock,
  makeCharacter,
  makeSetting,
  makeVideo,
  type ActionButton,
  type Block,
  type Character,
  type HitWord,
} from '@talkwith/proto/dialogue';
import { VOCABULARY } from './random-session.ts';

/** fast-check arbitrary of valid characters: every reference points at something that exists, every ladder is complete. */
const CID = 'gen';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

function someOf(pool: string[], min = 0, max = 2) {
  return fc.uniqueArray(fc.constantFrom(...pool), { minLength: min, maxLength: Math.min(max, pool.length) });
}

function blockShapeArb(id: string, videoIds: string[], blockIds: string[]) {
  const oneBlock = fc.constantFrom(...blockIds);
  const oneVideo = fc.constantFrom(...videoIds);
  const hitWord: fc.Arbitrary<HitWord> = fc.record({
    words: fc.uniqueArray(fc.constantFrom(...VOCABULARY.filter((w) => w.trim() !== '')), {
      minLength: 1,
      maxLength: 2,
    }),
    block_id: oneBlock,
    slot: fc.option(fc.record({ name: fc.constantFrom('s1', 's2'), value: fc.constantFrom('', 'x') }), { nil: null }),
  });
  const button: fc.Arbitrary<ActionButton> = fc.record({
    id: fc.constantFrom('ab0', 'ab1'),
    title: fc.constant('ボタン'),
    kind: fc.constantFrom('block' as const, 'video' as const, 'end' as const),
    block_id: oneBlock,
    video_id: oneVideo,
  });
  return fc.record({
    trigger: fc.option(oneVideo, { nil: null }),
    listens: fc.boolean(),
    listen: someOf(videoIds, 1, 2),
    hits: fc.array(hitWord, { maxLength: 3 }),
    valid: fc.boolean(),
    next: someOf(blockIds, 1, 1),
    notHit: someOf(blockIds, 0, 1),
    force: fc.constantFrom<string[][]>([], [], [], [blockIds[0] ?? id]),
    nods: someOf(videoIds, 0, 2),
    skips: someOf(videoIds, 0, 1),
    invalidMax: fc.integer({ min: 0, max: 3 }),
    invalidVideos: someOf(videoIds, 1, 2),
    finalBlock: someOf(blockIds, 1, 1),
    silenceLimit: fc.constantFrom(0, 5),
    silenceCount: fc.integer({ min: 0, max: 3 }),
    silenceVideos: someOf(videoIds, 1, 2),
    server: fc.constantFrom('none', 'search', 'score'),
    playFinal: someOf(blockIds, 0, 1),
    playAgain: fc.boolean(),
    replacement: someOf(videoIds, 1, 1),
    randomCount: fc.integer({ min: 0, max: 2 }),
    endBlock: oneBlock,
    summary: fc.boolean(),
    kikiwasure: fc.boolean(),
    buttons: fc.uniqueArray(button, { maxLength: 2, selector: (b) => b.id }),
  });
}

type BlockShape = ReturnType<typeof blockShapeArb> extends fc.Arbitrary<infer T> ? T : never;

function listeningPart(r: BlockShape, serverOn: boolean): Partial<Block> {
  const silence = r.silenceLimit > 0;
  return {
    listen_video_ids: r.listen,
    hit_words: r.hits,
    valid_response: r.valid,
    listen_next_block: r.next,
    not_hitword_blocks: r.notHit,
    force_blocks: r.force,
    nod_video_ids: r.nods,
    skip_video_ids: r.skips,
    invalid_max_count: r.invalidMax,
    invalid_response_video_ids: r.invalidVideos,
    invalid_final_block: r.finalBlock,
    max_recognition_time: 10,
    silence_time_limit: r.silenceLimit,
    silence_count: silence ? r.silenceCount : 0,
    silence_video_ids: silence ? r.silenceVideos : [],
    silence_final_blocks: silence ? r.finalBlock : [],
    valid_response_ids: serverOn && r.server === 'search' ? r.next : [],
    spj_category: serverOn && r.server === 'score' ? 'cat' : null,
    spj_out_score: 40,
    spj_out_count: 1,
    spj_out_block_id: r.endBlock,
    spj_empty_count: 2,
    spj_empty_videos: r.invalidVideos,
    spj_empty_blocks: r.finalBlock,
  };
}

function blockArb(id: string, videoIds: string[], blockIds: string[], serverOn: boolean): fc.Arbitrary<Block> {
  return blockShapeArb(id, videoIds, blockIds).map((r) =>
    makeBlock({
      id,
      character_id: CID,
      trigger_video_id: r.listens ? r.trigger : (r.trigger ?? videoIds[0] ?? null),
      play_again: r.playAgain,
      replacement_video_ids: r.replacement,
      random_count: r.randomCount,
      random_end_block_id: r.endBlock,
      summary_mode: r.summary,
      kikiwasure_mode: r.kikiwasure,
      action_buttons: r.buttons,
      play_final_block: r.listens ? [] : r.playFinal,
      ...(r.listens ? listeningPart(r, serverOn) : {}),
    }),
  );
}

export function characterArb(): fc.Arbitrary<Character> {
  return fc
    .record({
      videoCount: fc.integer({ min: 2, max: 8 }),
      blockCount: fc.integer({ min: 1, max: 6 }),
      serverOn: fc.boolean(),
    })
    .chain(({ videoCount, blockCount, serverOn }) => {
      const videoIds = ids('v', videoCount);
      const blockIds = ids('b', blockCount);
      const videos = fc.tuple(
        ...videoIds.map((id) =>
          fc
            .record({
              loop: fc.boolean(),
              loops: fc.integer({ min: 0, max: 2 }),
              end: fc.boolean(),
              micMs: fc.constantFrom(null, 0, 500),
            })
            .map((v) =>
              makeVideo({
                id,
                character_id: CID,
                path: `videos/${id}.mp4`,
                title: `${id}.mp4`,
                loop: v.loop,
                loop_count: v.loops,
                play_end: v.end && id === 'v1',
                mic_on: v.micMs !== null,
                mic_on_millisecond: v.micMs,
              }),
            ),
        ),
      );
      const blocks = fc.tuple(...blockIds.map((id) => blockArb(id, videoIds, blockIds, serverOn)));
      return fc.tuple(videos, blocks, fc.integer({ min: 0, max: 500 })).map(([vs, bs, delay]) =>
        makeCharacter({
          id: CID,
          name: '生成',
          slug: 'gen',
          setting: makeSetting({
            character_id: CID,
            standby_video_id: 'v0',
            default_start_button_id: 'go',
            hit_word_delay: delay,
            for_mic_test: 'b0',
            es_index_name: serverOn ? 'idx' : '',
            spj_url: serverOn ? 'http://spj.invalid' : '',
          }),
          videos: vs,
          blocks: bs,
          startButtons: [{ id: 'go', character_id: CID, title: '開始', block_id: 'b0' }],
          slots: [
            { name: 's1', label: 'one' },
            { name: 's2', label: 'two' },
          ],
          kikiwasure: [{ slot: 's1', block_id: blockIds[blockIds.length - 1] ?? 'b0' }],
          random: { count: 0, final_block_id: 'b0', trigger_videos: videoIds.slice(0, 2), end_blocks: [] },
        }),
      );
    });
}
