/** The serial area's Japanese messages (API.md § Serials). */
export const serialMessages = {
  redeemed: 'シリアルコードを登録しました。',
  notFound: 'シリアルコードが正しくありません。',
  used: 'このシリアルコードはすでに使用されています。',
  alreadyUnlocked: 'この特典はすでに受け取っています。',
  notYet: 'このシリアルコードはまだ使用できません。有効期間の開始後に再度お試しください。',
  expired: 'このシリアルコードは有効期限が切れています。',
  debugOnly: 'このシリアルコードは使用できません。',
  couponNotFound: '指定されたシリアルが見つかりません。',
  /** SPEC.md §8's serial 429, saying how long to wait (the same as `Retry-After`). */
  rateLimited: (wait: string) =>
    `入力回数の上限を超えたため、一時的に制限されています。${wait}後に再度お試しください。`,
  notYourself: '他のユーザーのシリアルコードは登録できません。',
  windowOrder: '有効期限は有効開始日時より後にしてください。',
  rangeOrder: '終了日は開始日以降にしてください。',
  characterUnpublished: (id: string) =>
    `キャラクター「${id}」は公開されていないため、シリアルを発行できません。公開してから発行してください。`,
  unknownBlock: (id: string) =>
    `ブロック「${id}」はこのキャラクターの公開中のブロックにありません。公開済みのブロックを指定してください。`,
} as const;
