/**
 * A block field as an operator reads it (the console's Japanese labels), for
 * messages: `hit_words[0].block_id` → 「ヒットワード 1 件目の遷移先」. Messages
 * never show a field path; an unknown field falls back to its name.
 */
const FIELD_WORDS: Record<string, string> = {
  trigger_video_id: 'トリガー動画',
  listen_video_ids: '聞き取り動画',
  nod_video_ids: 'うなずき動画',
  skip_video_ids: '離脱時のつなぎ動画',
  hit_words: 'ヒットワード',
  valid_response_ids: '検索候補ブロック',
  listen_next_block: '有効発話後の次ブロック',
  force_blocks: '強制遷移ブロック',
  not_hitword_blocks: 'ヒットなし時のブロック',
  spj_empty_blocks: 'SPJ空が尽きた後のブロック',
  spj_empty_videos: 'SPJ空の動画',
  spj_out_video_id: 'SPJアウト動画',
  spj_out_block_id: 'SPJアウト後のブロック',
  invalid_response_video_ids: '無効発話の動画',
  invalid_video_id: '旧：無効発話動画',
  invalid_final_video_id: '無効発話の最終動画',
  invalid_final_block: '無効発話の最終ブロック',
  silence_video_ids: '無音の動画',
  silence_video_id: '旧：無音動画',
  silence_final_blocks: '無音の最終ブロック',
  silence_final_block_id: '旧：無音の最終ブロック',
  play_final_block: '再生後の次ブロック',
  replacement_video_ids: '差し替え動画',
  replacement_block_ids: '変換ブロック',
  random_end_block_id: 'ランダム終了ブロック',
  action_buttons: 'ボタン',
  // The setting's references (the catalog's DANGLING_REFERENCE names them too).
  'setting.standby_video_id': '待機動画',
  'setting.for_mic_test': 'マイクテスト用ブロック',
  'setting.default_start_button_id': 'デフォルトの開始ボタン',
};

const ITEM_PART: Record<string, string> = { block_id: '遷移先', video_id: '動画' };

/** `hit_words[0].block_id` → 「ヒットワード 1 件目の遷移先」; `listen_next_block` → 「有効発話後の次ブロック」. */
export function fieldInWords(field: string): string {
  const item = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(field);
  if (item) {
    const [, list = '', index = '0', part = ''] = item;
    return `${FIELD_WORDS[list] ?? list} ${Number(index) + 1} 件目の${ITEM_PART[part] ?? part}`;
  }
  return FIELD_WORDS[field] ?? field;
}
