import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

/** The microphone test page's texts, in its chunk. */
export const micTestTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
