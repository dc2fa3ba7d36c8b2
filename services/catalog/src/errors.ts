import { errorCatalogue } from '@talkwith/platform';

/**
 * Every refusal of the catalog service (API.md): its stable codes, the status
 * each answers (decided here once) and the Japanese messages. Domain code
 * throws through these factories and never picks a status; the platform's
 * codes (VALIDATION_FAILED, NOT_FOUND, …) keep the platform's statuses.
 * Limits a message names come in as arguments, so this file imports no domain module.
 */
const fail = errorCatalogue({
  BLOCK_UNLOCKED_BY_SERIAL: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IMAGE_TOO_LARGE: 400,
  TOO_MANY_UPLOADS: 429,
  VIDEO_REFERENCED: 409,
  INVALID_VTT: 400,
  VTT_TOO_DEEP: 400,
  IMPORT_INVALID: 400,
  BLOCK_LOCKED: 409,
  DANGLING_REFERENCE: 400,
  TESTS_LIMIT: 409,
  CHARACTER_TESTS_FAILED: 409,
  CHARACTER_INVALID: 409,
  COPY_COLLISION: 409,
  BLOCK_REFERENCED: 409,
  GROUP_NOT_EMPTY: 409,
  CATEGORY_NOT_EMPTY: 409,
});

/** Characters: authoring, serving and playing (API.md § Characters and settings, § Serving a character). */
export const characterErrors = {
  notFound: () => fail('NOT_FOUND', 'キャラクターが見つかりません。'),
  slugTaken: (slug: string) =>
    fail('DUPLICATE_KEY', `スラッグ「${slug}」は別のキャラクターが使っています。`, { field: 'slug' }),
  groupNotFound: () => fail('VALIDATION_FAILED', 'グループが見つかりません。', { field: 'group_id' }),
  /** `inWords` names the field for people (「ヒットワード 1 件目の遷移先」); the path stays in `field` for programs. */
  danglingReference: (field: string, inWords: string, id: string) =>
    fail('DANGLING_REFERENCE', `「${inWords}」が存在しない「${id}」を指しています。`, { field, body: { id } }),
  notPlayable: () => fail('NOT_FOUND', 'このキャラクターとはまだ会話できません。'),
  noPoster: () => fail('NOT_FOUND', 'このキャラクターには画像がありません。'),
  noBlocksYet: () => fail('NOT_FOUND', 'このキャラクターにはまだブロックがありません。'),
  testNotFound: () => fail('NOT_FOUND', 'テストが見つかりません。'),
  testsLimit: (max: number) => fail('TESTS_LIMIT', `テストは1キャラクターにつき${max}件までです。`),
  testsFailed: (report: { failed: number }) =>
    fail(
      'CHARACTER_TESTS_FAILED',
      `テストが${report.failed}件失敗したため公開できません。結果を確かめてから、それでも公開する場合は確認してください。`,
      { body: { report } },
    ),
  invalid: (faults: readonly unknown[]) =>
    fail('CHARACTER_INVALID', 'キャラクターに問題があるため公開できません。一覧の問題を直してください。', {
      body: { faults },
    }),
  versionNotFound: (version: number) => fail('NOT_FOUND', `版 v${version} が見つかりません。`),
  importInvalid: (errors: ReadonlyArray<{ path: string; message: string }>) =>
    fail(
      'IMPORT_INVALID',
      `キャラクターのJSONが正しくありません（${errors[0]?.path ?? '/'}: ${errors[0]?.message ?? ''}）。`,
      { field: 'character', body: { errors } },
    ),
  importDuplicateId: (id: string) =>
    fail('IMPORT_INVALID', `ID「${id}」が二度使われています。`, {
      field: 'character',
      body: { errors: [{ path: '/', message: `duplicate id ${id}` }] },
    }),
  importTouchesLocked: (blockIds: readonly string[]) =>
    fail('BLOCK_LOCKED', 'ロックされたブロックを変更または削除する内容です。ロックを解除してから取り込んでください。', {
      body: { block_ids: blockIds },
    }),
  synonymWordRequired: () => fail('VALIDATION_FAILED', '言葉を入力してください。', { field: 'word' }),
  synonymGroupsLimit: (max: number) => fail('VALIDATION_FAILED', `類義語のグループは${max}個までです。`),
  translatorUnreachable: (cause: unknown) =>
    fail('UNAVAILABLE', '翻訳サービスに接続できませんでした。時間をおいて再度お試しください。', {
      expose: true,
      cause,
    }),
  translatorBadReply: (upstreamStatus: number) =>
    fail('UNAVAILABLE', '翻訳サービスが正しく応答しませんでした。時間をおいて再度お試しください。', {
      expose: true,
      body: { upstream_status: upstreamStatus },
    }),
};

/** Blocks: edit, lock, copy, positions (API.md § Blocks). */
export const blockErrors = {
  notFound: (id: string) => fail('NOT_FOUND', `ブロック「${id}」が見つかりません。`, { field: 'block_id' }),
  locked: (id: string) =>
    fail('BLOCK_LOCKED', `ブロック「${id}」はロックされています。ロックを解除してから編集してください。`, {
      body: { block_id: id },
    }),
  idTaken: (id: string) =>
    fail('DUPLICATE_KEY', `ブロックID「${id}」は既に使われています。`, { field: 'block.id', body: { id } }),
  referenced: (id: string, references: readonly unknown[]) =>
    fail('BLOCK_REFERENCED', `ブロック「${id}」は他から参照されています。参照を外すか、強制削除してください。`, {
      body: { references },
    }),
  blockOrBlocks: () => fail('VALIDATION_FAILED', 'block または blocks を指定してください。', { field: 'block' }),
  lockAndUnlock: (blockIds: readonly string[]) =>
    fail('VALIDATION_FAILED', 'ロックと解除の両方に同じブロックがあります。', {
      field: 'lockBlockIds',
      body: { block_ids: blockIds },
    }),
  unknownBlocks: (unknown: readonly string[]) =>
    fail('VALIDATION_FAILED', '存在しないブロックが含まれています。', {
      field: 'blockIds',
      body: { unknown_block_ids: unknown },
    }),
  copyUnknownSource: (missing: readonly string[]) =>
    fail('VALIDATION_FAILED', 'コピー元に存在しないブロックがあります。', {
      field: 'block_ids',
      body: { unknown_block_ids: missing },
    }),
  copyToSelf: () =>
    fail('VALIDATION_FAILED', 'コピー元と同じキャラクターにはコピーできません。', {
      field: 'copy_target_character_ids',
    }),
  copyTargetNotFound: (unknown: readonly string[]) =>
    fail('NOT_FOUND', 'コピー先のキャラクターが見つかりません。', {
      field: 'copy_target_character_ids',
      body: { unknown_character_ids: unknown },
    }),
  copyCollision: (collisions: readonly unknown[]) =>
    fail(
      'COPY_COLLISION',
      'コピー先に同じIDのブロックまたは動画があるため、どのキャラクターにもコピーしませんでした。',
      { body: { collisions } },
    ),
  copyCategoryNotFound: () => fail('NOT_FOUND', 'カテゴリが見つかりません。', { field: 'category_id' }),
  unknownPositions: (unknown: readonly string[]) =>
    fail('VALIDATION_FAILED', '存在しないブロックの位置は保存できません。', {
      field: 'set',
      body: { unknown_block_ids: unknown },
    }),
  tooManyPositions: (max: number) =>
    fail('VALIDATION_FAILED', `保存できる位置は ${max} 件までです。`, { field: 'set' }),
  /** `blocks` and `serials` are the quoted, joined names (「a」、「b」). */
  unlockedBySerial: (blocks: string, serials: string, batches: readonly unknown[]) =>
    fail(
      'BLOCK_UNLOCKED_BY_SERIAL',
      `ブロック${blocks}はシリアル${serials}で解放されるため削除できません。先にシリアルの対象ブロックを変更してください。`,
      { body: { batches } },
    ),
};

/** Media: uploads, videos, avatars, subtitles (API.md § Media). */
export const mediaErrors = {
  characterNotFound: () => fail('NOT_FOUND', 'キャラクターが見つかりません。', { field: 'character_id' }),
  videoNotFound: () => fail('NOT_FOUND', '動画が見つかりません。', { field: 'video_id' }),
  videoIdTaken: (id: string) => fail('DUPLICATE_KEY', `動画 ID「${id}」は既に使われています。`, { field: 'id' }),
  videoTitleTaken: (title: string) =>
    fail(
      'DUPLICATE_KEY',
      `タイトル「${title}」の動画が既にあります（字幕はタイトルで結び付くため、重複できません）。`,
      { field: 'title' },
    ),
  nothingToEdit: () =>
    fail(
      'VALIDATION_FAILED',
      '変更する項目がありません（path は vod/changeVideoPath、media_info は vod/updateMediaInfo で変更します）。',
    ),
  videoReferenced: (references: readonly unknown[]) =>
    fail(
      'VIDEO_REFERENCED',
      `この動画は使われているため削除できません（${references.length} か所）。先に参照を外してください。`,
      { body: { references } },
    ),
  fileNotFound: (path: string) => fail('VALIDATION_FAILED', `ファイル「${path}」が見つかりません。`, { field: 'path' }),
  videoFileNotFound: (path: string) =>
    fail('VALIDATION_FAILED', `動画ファイル「${path}」が見つかりません。`, { field: 'path' }),
  notUploadedYet: (path: string) =>
    fail('VALIDATION_FAILED', `ファイル「${path}」が見つかりません。先にアップロードしてください。`, { field: 'path' }),
  pathNotVideo: (path: string) =>
    fail('VALIDATION_FAILED', `ファイル「${path}」は MP4 / WebM の動画ではありません。`, { field: 'path' }),
  imageWorkBusy: () =>
    fail('UNAVAILABLE', '画像の処理が混み合っています。しばらく待ってから、もう一度お試しください。', {
      expose: true,
      headers: { 'retry-after': '2' },
    }),
  notImage: () =>
    fail('UNSUPPORTED_MEDIA_TYPE', 'PNG・JPEG・WebP の画像を選んでください（ファイルの中身が画像ではありません）。', {
      field: 'file',
    }),
  imageUnreadable: () =>
    fail('VALIDATION_FAILED', '画像を読み取れませんでした（ファイルが壊れている可能性があります）。', {
      field: 'file',
    }),
  tooManyPixels: (width: number, height: number, maxPixels: number) =>
    fail(
      'IMAGE_TOO_LARGE',
      `画像が大きすぎます（${width}×${height} ピクセル）。${maxPixels / 1_000_000} メガピクセル（例: 5000×5000）以下の画像を選んでください。`,
      { field: 'file', body: { width, height, max_pixels: maxPixels } },
    ),
  notVideo: () =>
    fail(
      'UNSUPPORTED_MEDIA_TYPE',
      'MP4 または WebM の動画ファイルを選んでください（ファイルの中身が動画ではありません）。',
      { field: 'file' },
    ),
  emptyFile: () => fail('VALIDATION_FAILED', 'ファイルが空です。', { field: 'file' }),
  /** `limit` is the size in words (formatBytes). */
  fileTooLarge: (limit: string) =>
    fail('PAYLOAD_TOO_LARGE', `ファイルが大きすぎます（上限 ${limit}）。`, { field: 'file' }),
  uploadsInFlight: (max: number) =>
    fail(
      'TOO_MANY_UPLOADS',
      `同時に進められるアップロードは ${max} 件までです。進行中のアップロードが終わってから、もう一度お試しください。`,
      { body: { max_in_flight: max } },
    ),
  oneFileOnly: () => fail('VALIDATION_FAILED', 'ファイルは 1 つだけ送ってください。', { field: 'file' }),
  tooManyFields: () => fail('VALIDATION_FAILED', 'フィールドが多すぎます（50 個まで）。'),
  tooManyParts: () => fail('VALIDATION_FAILED', '送信された項目が多すぎます。'),
  notMultipart: () => fail('UNSUPPORTED_MEDIA_TYPE', 'multipart/form-data で送ってください。'),
  brokenMultipart: () => fail('VALIDATION_FAILED', '送信データ（multipart）が壊れています。'),
  fieldAfterFile: (field: string) =>
    fail('VALIDATION_FAILED', `フィールド「${field}」はファイルより前に送ってください。`, { field }),
  noFile: () =>
    fail('VALIDATION_FAILED', 'ファイルがありません（フィールド名 file で送ってください）。', { field: 'file' }),
  badFormField: (field: string | undefined) =>
    fail(
      'VALIDATION_FAILED',
      field ? `フィールド「${field}」の値が正しくありません。` : 'フォームの値が正しくありません。',
      { field },
    ),
  /** `reason` is the parser's fault in Japanese; `detail` the parser's own words. */
  invalidVtt: (line: number, reason: string, detail: string) =>
    fail('INVALID_VTT', `字幕ファイル（WebVTT）の ${line} 行目に誤りがあります: ${reason}`, {
      field: 'body',
      body: { line, detail },
    }),
  vttTooDeep: (line: number, maxDepth: number) =>
    fail('VTT_TOO_DEEP', `字幕ファイル（WebVTT）の ${line} 行目でタグの入れ子が深すぎます（${maxDepth} 段まで）。`, {
      field: 'body',
      body: { line, max_depth: maxDepth },
    }),
  subtitleWithoutVideo: (title: string) =>
    fail(
      'NOT_FOUND',
      `タイトル「${title}.mp4」の動画がありません。字幕の名前は動画のタイトル（.mp4 なし）にしてください。`,
      { field: 'title' },
    ),
  subtitleNotFound: () => fail('NOT_FOUND', '字幕ファイルがありません。'),
};

/** Categories, groups and the menu (API.md § Categories and groups). */
export const taxonomyErrors = {
  categoryNotFound: () => fail('NOT_FOUND', 'カテゴリーが見つかりません。'),
  categorySlugTaken: (slug: string) =>
    fail('DUPLICATE_KEY', `スラッグ「${slug}」はほかのカテゴリーで使われています。別のスラッグにしてください。`, {
      field: 'slug',
    }),
  noSlugFromName: () =>
    fail('VALIDATION_FAILED', '名前からスラッグを作れません。半角英数字とハイフンでスラッグを入力してください。', {
      field: 'slug',
    }),
  categoryNotEmpty: (name: string, groups: ReadonlyArray<{ _id: string; name: string }>) =>
    fail(
      'CATEGORY_NOT_EMPTY',
      `カテゴリー「${name}」にはまだグループが${groups.length}件あります。先にグループを削除するか、ほかのカテゴリーへ移してください。`,
      { body: { groups: groups.map((g) => ({ id: g._id, name: g.name })) } },
    ),
  copySlugExhausted: () =>
    fail('CONFLICT', 'コピーのスラッグを決められません。先に古いコピーを整理してください。', { field: 'slug' }),
  groupNotFound: () => fail('NOT_FOUND', 'グループが見つかりません。'),
  unknownCategory: (id: string) =>
    fail('DANGLING_REFERENCE', `カテゴリー「${id}」はありません。`, { field: 'category_id' }),
  groupNotEmpty: (name: string, members: ReadonlyArray<{ _id: string; name: string }>) =>
    fail(
      'GROUP_NOT_EMPTY',
      `グループ「${name}」にはまだキャラクターが${members.length}人います。先にグループから外してください。`,
      { body: { characters: members.map((c) => ({ id: c._id, name: c.name })) } },
    ),
  notInGroup: (characterName: string) =>
    fail('NOT_FOUND', `キャラクター「${characterName}」はこのグループに入っていません。`),
  themeNotFound: (slug: string) => fail('NOT_FOUND', `テーマ「${slug}」は見つかりません。`),
};
