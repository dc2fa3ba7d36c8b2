import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

/** The billing pages' texts and the plan list's (shown on /mypage); the talk-ticket step of the chat route keeps its texts in the entry (i18n/locales). */
export const billingTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
