import type { i18n as I18n } from 'i18next';
import { addDictionaryPart } from '../../i18n/parts.ts';
import { adminMainTexts } from './mainTexts.ts';

/**
 * The admin console's texts live in an `admin` namespace that ships in the
 * console's own chunk, never in the consumers' bundle. Each area of the console
 * keeps its texts beside its code (`<area>/locales/<lang>.json`, top-level key =
 * the area) and they are merged here. Operators read Japanese or English; the
 * other interface languages show the English texts.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', './*/locales/*.json'], {
  eager: true,
});

function messagesFor(language: 'ja-JP' | 'en-US'): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [path, file] of Object.entries(files))
    if (path.endsWith(`/${language}.json`)) Object.assign(merged, file.default);
  return merged;
}

export const ADMIN_NS = 'admin';

/**
 * Adds the admin namespace, and the console's texts in the default namespace,
 * to every language once (idempotent; called when the console chunk renders).
 */
export function ensureAdminMessages(i18n: I18n): void {
  addDictionaryPart(i18n, adminMainTexts);
  if (i18n.hasResourceBundle('ja-JP', ADMIN_NS)) return;
  const ja = messagesFor('ja-JP');
  const en = messagesFor('en-US');
  for (const language of ['ja-JP', 'en-US', 'fil-PH', 'zh-TW'])
    i18n.addResourceBundle(language, ADMIN_NS, language === 'ja-JP' ? ja : en, true, true);
}
