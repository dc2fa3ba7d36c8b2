import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './locales/en-US.json';
import filPH from './locales/fil-PH.json';
import jaJP from './locales/ja-JP.json';
import zhTW from './locales/zh-TW.json';

/** The account pages' texts (log-in, registration, password, profile, my page, account), in their chunk (features/auth/pages/index.ts). */
export const authTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
