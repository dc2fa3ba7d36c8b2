import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

/** The catalog pages' texts (main menu, character selection, themes, coming soon), in their chunks. */
export const catalogTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
