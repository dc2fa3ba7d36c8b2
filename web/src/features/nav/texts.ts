import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

/** The menu's notification list's texts, in its chunk (loaded when the popup first opens); the badge's stay in the entry. */
export const navTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
