/** The insight area's Japanese messages (API.md § Insight). */
export const insightMessages = {
  badDate: (field: string) => `入力内容に誤りがあります: ${field}`,
  rangeOrder: '開始日は終了日以前の日付を指定してください。',
  rangeTooLong: '期間は366日以内で指定してください。',
  characterNotFound: '指定されたキャラクターが見つかりません。',
} as const;
