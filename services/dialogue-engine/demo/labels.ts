import type { Translations } from '@talkwith/proto/identity';

/** The demo characters' button labels in the other interface languages (the Japanese is each button's title). */
export const START_LABELS: Readonly<Record<string, Translations>> = {
  話す: { 'en-US': 'Talk', 'fil-PH': 'Makipag-usap', 'zh-TW': '聊天' },
  占い: { 'en-US': 'Fortune', 'fil-PH': 'Hula', 'zh-TW': '占卜' },
  マイクテスト: { 'en-US': 'Mic test', 'fil-PH': 'Subukan ang mic', 'zh-TW': '麥克風測試' },
};

/** ミライ's conversations (the album's sections), by the Japanese title. */
export const CONVERSATION_TITLES: Readonly<Record<string, Translations>> = {
  ミライとおしゃべり: { 'en-US': 'Chatting with Mirai', 'fil-PH': 'Kuwentuhan kasama si Mirai', 'zh-TW': '和未來聊天' },
  占い: { 'en-US': 'Fortune telling', 'fil-PH': 'Panghuhula', 'zh-TW': '占卜' },
};

export const END_LABEL: Translations = { 'en-US': 'End', 'fil-PH': 'Tapusin', 'zh-TW': '結束' };

/** ミライ's block titles (customers see them in their talk history), by the Japanese title. */
export const BLOCK_TITLES: Readonly<Record<string, Translations>> = {
  'あいさつ・話題えらび': {
    'en-US': 'Hello & choosing a topic',
    'fil-PH': 'Pagbati at pagpili ng paksa',
    'zh-TW': '打招呼・選話題',
  },
  食べ物の話: { 'en-US': 'Talking about food', 'fil-PH': 'Usapang pagkain', 'zh-TW': '聊食物' },
  食べ物の返事: {
    'en-US': 'About your favourite food',
    'fil-PH': 'Tungkol sa paborito mong pagkain',
    'zh-TW': '回應喜歡的食物',
  },
  旅行の話: { 'en-US': 'Talking about travel', 'fil-PH': 'Usapang paglalakbay', 'zh-TW': '聊旅行' },
  京都: { 'en-US': 'Kyoto', 'fil-PH': 'Kyoto', 'zh-TW': '京都' },
  北海道: { 'en-US': 'Hokkaido', 'fil-PH': 'Hokkaido', 'zh-TW': '北海道' },
  話題を変える: { 'en-US': 'Changing the topic', 'fil-PH': 'Pagpapalit ng paksa', 'zh-TW': '換個話題' },
  占い: { 'en-US': 'Fortune', 'fil-PH': 'Hula', 'zh-TW': '占卜' },
  占いおわり: { 'en-US': 'End of the fortune', 'fil-PH': 'Katapusan ng hula', 'zh-TW': '占卜結束' },
  まとめ: { 'en-US': 'Wrapping up', 'fil-PH': 'Pagbubuod', 'zh-TW': '總結' },
  さようなら: { 'en-US': 'Goodbye', 'fil-PH': 'Paalam', 'zh-TW': '再見' },
  無音で終了: { 'en-US': 'Ended in silence', 'fil-PH': 'Natapos nang tahimik', 'zh-TW': '無聲結束' },
  マイクテスト: { 'en-US': 'Mic test', 'fil-PH': 'Subukan ang mic', 'zh-TW': '麥克風測試' },
};
