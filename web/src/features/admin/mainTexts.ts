import { dictionaryPart } from '../../i18n/parts.ts';
import enUS from './mainTexts/en-US.json';
import filPH from './mainTexts/fil-PH.json';
import jaJP from './mainTexts/ja-JP.json';
import zhTW from './mainTexts/zh-TW.json';

/**
 * The console's few texts in the default namespace (its title, the users and
 * mail pages), in all four languages: a part like a consumer page's
 * (i18n/parts.ts), merged with the console's own namespace by ensureAdminMessages.
 */
export const adminMainTexts = dictionaryPart(jaJP, enUS, filPH, zhTW);
