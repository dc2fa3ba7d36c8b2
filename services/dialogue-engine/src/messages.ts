/**
 * The Japanese configuration and run-time messages of SPEC.md §8, by stable code.
 * validateCharacter reports them before publishing; the engine logs the same
 * text (category error) when it meets the problem at run time.
 */
export const Messages = {
  NO_STANDBY_VIDEO: 'デフォルトキャラクターまたは待機動画が設定されていません。',
  NO_DEFAULT_START_BUTTON: 'デフォルトの開始ボタンが設定されていません。',
  INVALID_GOOGLE_KEY: 'google_keyが無効または設定されていないため、音声を認識できません。',
  LISTEN_VIDEO_NOT_FOUND: '聞き取り動画が見つかりません。',
  LOW_SCORE_NOWHERE: 'スコアが低い場合の次のブロック、終了ブロック、聞き取り動画が設定されていません。',
  INVALID_SETTINGS: '無効時の設定（差し替え動画またはNG回数）または最終動画が設定されていません。',
  REPLACEMENT_MISSING: '差し替え対象または変換ブロックが設定されていません。',
  SILENCE_SETTINGS_MISSING: '無音時間、無音動画または最終ブロックが設定されていません。',
  TRANSCRIPT_NO_CHARACTER: 'キャラクターIDがないため、文字起こしを送信できません。',
  SPJ_OUT_NOWHERE: 'SPJアウト後の次の動画またはブロックが設定されていません。',
  INVALID_SPJ_OR_SEARCH: 'SPJまたはElastic Searchの設定が無効です。',
  EMPTY_SPJ_OR_SEARCH: 'SPJまたはElastic Searchの結果が空です。',
  RANDOM_END_BLOCK_MISSING: 'ランダムの終了ブロックが設定されていません。',
  BLOCK_NOT_FOUND: '参照先のブロックが存在しません。',
  VIDEO_NOT_FOUND: '参照先の動画が存在しません。',
  START_BUTTON_BLOCK_MISSING: '開始ボタンの開始ブロックが存在しません。',
  BLOCK_LOOP: '動画も聞き取りもないブロックが循環しています。',
  BLOCK_UNREACHABLE: 'どの開始ボタンからもたどり着けないブロックです。',
  BLOCK_DEAD_END: 'トリガー動画も聞き取りも次のブロックもないため、会話がここで止まります。',
  MIC_TEST_NOT_SET: 'マイクテスト用のブロックが設定されていません。',
  TWO_TABS: '同じURLが別のタブで開かれているため、後から開いたタブでは会話できません。',
  /** Malformed character data: the engine repaired or left out the paths in `extra.paths`. */
  CHARACTER_DATA_INVALID: 'キャラクターのデータに不正な値があります。',
  /** An input that is not one of EngineInput: ignored, the state kept. */
  INVALID_INPUT: '会話エンジンへの入力が不正なため、無視しました。',
  /** The unexpected error of SPEC §8 ("unhandled rejection"): the step is undone, the state kept. */
  ENGINE_FAULT: '予期しないエラーが発生しました。',
} as const;

export type MessageCode = keyof typeof Messages;
