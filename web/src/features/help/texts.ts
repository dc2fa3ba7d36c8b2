import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

/** The FAQ's and the microphone manual's texts, in their chunks (the legal documents stay in Japanese, the language they bind in). */
export const helpTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
