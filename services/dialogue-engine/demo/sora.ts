import path from 'node:path';
import {
  makeBlock,
  makeCharacter,
  makeSetting,
  makeVideo,
  type Block,
  type Character,
  type Video,
} from '@talkwith/proto/dialogue';
import { END_LABEL, START_LABELS } from './labels.ts';

/**
 * ソラ, the priced demo character (¥300): what a customer buys in the demo.
 * A small graph with a paid action: 「特別占い」 costs 5 points (code
 * `SORA_SPECIAL`). Media are generated from `sora/clips.json` by the demo
 * media script (`--character sora`) and committed under `sora/assets/`.
 *
 *   standby ──話す──▶ greet ─星占い──▶ horoscope ─▶ again ─(星占い/ひとこと/特別占い)─▶ …
 *                       ├─ひとこと─▶ advice ────▶ again ─おわり─▶ goodbye
 *                       └─[特別占い 5pt]─▶ special ─▶ again
 *          ──マイクテスト──▶ mic-test ─(force)─▶ greet
 *   greet / again: an invalid ladder (invalid_1 → invalid_final), a silence ladder (silence_1 → silence-end).
 */
const CHARACTER_ID = 'demo-sora';

/** The yen price of ソラ (her purchase unlocks her for good). */
export const SORA_PRICE = 300;
/** The paid action's code and cost (billing's points use checks them against the published character). */
export const SORA_SPECIAL = { code: 'SORA_SPECIAL', points: 5 } as const;

type ClipOptions = Partial<Omit<Video, 'id' | 'character_id' | 'path' | 'title'>>;
const clip = (id: string, options: ClipOptions = {}): Video =>
  makeVideo({ id, character_id: CHARACTER_ID, path: `videos/${id}.mp4`, title: `${id}.mp4`, ...options });

export const soraVideos: Video[] = [
  clip('standby', { loop: true, comment: 'silent standby loop' }),
  clip('greet', {
    mic_on: true,
    mic_on_millisecond: 5500,
    comment: 'こんにちは、ソラだよ。星占いと今日のひとこと、どっちにする？',
  }),
  clip('listen_1', { loop: true, loop_count: 3, mic_on: true, comment: 'silent listening loop' }),
  clip('horoscope', { comment: '今日のあなたは、新しいことに挑戦するといい日。' }),
  clip('advice', { comment: '深呼吸して、ゆっくりいこう。' }),
  clip('special', { comment: '特別占い！明日はうれしい知らせが届きそう。' }),
  clip('again', { mic_on: true, comment: 'ほかにも聞いてみる？' }),
  clip('invalid_1', { comment: 'ごめんね、もう一度言って？' }),
  clip('invalid_final', { comment: '星が曇ってきたみたい。また今度ね。' }),
  clip('silence_1', { comment: '星が見えるかな？声を聞かせて。' }),
  clip('silence_final', { comment: 'また夜空の下で会おうね。' }),
  clip('goodbye', { play_end: true, comment: 'またね。いい一日を！' }),
  clip('mic_test', { comment: 'マイクテストだよ。何か話してみて。' }),
];

type BlockOptions = Partial<Omit<Block, 'id' | 'character_id'>>;
const block = (id: string, options: BlockOptions): Block =>
  makeBlock({ id, character_id: CHARACTER_ID, title: id, ...options });
const hit = (words: string[], blockId: string) => ({ words, block_id: blockId, slot: null });

/** What ソラ understands wherever she listens: the two readings and the way out. */
const choices = [
  hit(['星占い', 'ほしうらない', '占い', 'うらない'], 'horoscope'),
  hit(['ひとこと', '一言', 'アドバイス'], 'advice'),
  hit(['バイバイ', 'さようなら', 'おわり', '終わり', 'もういい'], 'goodbye'),
];
const listening: BlockOptions = {
  listen_video_ids: ['listen_1'],
  hit_words: choices,
  invalid_max_count: 2,
  invalid_response_video_ids: ['invalid_1'],
  invalid_final_video_id: 'invalid_final',
  silence_time_limit: 8,
  silence_count: 2,
  silence_video_ids: ['silence_1'],
  silence_final_blocks: ['silence-end'],
  action_buttons: [
    {
      id: 'ab-special',
      title: '特別占い（5ポイント）',
      title_i18n: {
        'en-US': 'Special fortune (5 points)',
        'fil-PH': 'Espesyal na hula (5 puntos)',
        'zh-TW': '特別占卜（5 點）',
      },
      kind: 'block',
      block_id: 'special',
      video_id: null,
      ...SORA_SPECIAL,
    },
    { id: 'ab-finish', title: 'おわる', title_i18n: END_LABEL, kind: 'block', block_id: 'goodbye', video_id: null },
  ],
};

export const soraBlocks: Block[] = [
  block('greet', {
    title: 'あいさつ・えらぶ',
    trigger_video_id: 'greet',
    play_again: false,
    replacement_video_ids: ['again'],
    max_recognition_time: 15,
    ...listening,
  }),
  block('horoscope', { title: '星占い', trigger_video_id: 'horoscope', play_final_block: ['again'] }),
  block('advice', { title: '今日のひとこと', trigger_video_id: 'advice', play_final_block: ['again'] }),
  block('special', { title: '特別占い（有料アクション）', trigger_video_id: 'special', play_final_block: ['again'] }),
  block('again', { title: 'ほかにも？', trigger_video_id: 'again', max_recognition_time: 15, ...listening }),
  block('goodbye', { title: 'さようなら', trigger_video_id: 'goodbye' }),
  block('silence-end', { title: '無音で終了', trigger_video_id: 'silence_final' }),
  block('mic-test', {
    title: 'マイクテスト',
    trigger_video_id: 'mic_test',
    listen_video_ids: ['listen_1'],
    force_blocks: ['greet'],
    silence_time_limit: 10,
    silence_count: 1,
    silence_final_blocks: ['greet'],
  }),
];

const button = (id: string, title: string, blockId: string) => ({
  id,
  character_id: CHARACTER_ID,
  title,
  title_i18n: START_LABELS[title] ?? {},
  block_id: blockId,
});

export const soraCharacter: Character = makeCharacter({
  id: CHARACTER_ID,
  character_id: CHARACTER_ID,
  name: 'ソラ',
  slug: 'sora',
  price: SORA_PRICE,
  avatar: 'avatar.png',
  setting: makeSetting({
    character_id: CHARACTER_ID,
    standby_video_id: 'standby',
    default_start_button_id: 'btn-talk',
    hit_word_delay: 300,
    for_mic_test: 'mic-test',
  }),
  videos: soraVideos,
  blocks: soraBlocks,
  startButtons: [button('btn-talk', '話す', 'greet'), button('btn-mic', 'マイクテスト', 'mic-test')],
  conversations: [
    {
      id: 'conv-stars',
      title: 'ソラの星占い',
      block_ids: ['greet', 'horoscope', 'advice', 'special', 'again', 'goodbye'],
    },
  ],
});

/** Absolute path of ソラ's committed media (videos/, posters/, subtitles/demo-sora/…, avatar.png, manifest.json). */
export const soraAssetsDir: string = path.join(import.meta.dirname, 'sora', 'assets');
