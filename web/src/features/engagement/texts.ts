import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

/** The engagement pages' texts (serial codes, coupons, notifications, news, contact); the menu's notification popup keeps its texts in the entry (i18n/locales). */
export const engagementTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
