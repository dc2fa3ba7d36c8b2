import type { Translations } from '@talkwith/proto/identity';

/** The demo characters' button labels in the other interface languages (the Japanese is each button's title). */
export const START_LABELS: Readonly<Record<string, Translations>> = {
  話す: { 'en-US': 'Talk', 'fil-PH': 'Makipag-usap', 'zh-TW': '聊天' },
  占い: { 'en-US': 'Fortune', 'fil-PH': 'Hula', 'zh-TW': '占卜' },
  マイクテスト: { 'en-US': 'Mic test', 'fil-PH': 'Subukan ang mic', 'zh-TW': '麥克風測試' },
};

export const END_LABEL: Translations = { 'en-US': 'End', 'fil-PH': 'Tapusin', 'zh-TW': '結束' };
