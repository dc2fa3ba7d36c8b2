/**
 * The admin console's own namespace (`admin`): each area of the console keeps
 * its texts beside its code (`<area>/locales/<lang>.json`, top-level key = the
 * area), merged here into one namespace. Operators read Japanese or English;
 * the other interface languages show the English texts. The i18n backend
 * imports this module when the console first asks for the namespace, so it
 * ships in a chunk of its own, never in the consumers' bundle.
 */
import type ConsoleJa from './locales/ja-JP.json';
import type BillingJa from './billing/locales/ja-JP.json';
import type BlockCopyJa from './blockCopy/locales/ja-JP.json';
import type BlocksJa from './blocks/locales/ja-JP.json';
import type CancelReasonsJa from './cancelReasons/locales/ja-JP.json';
import type CharactersJa from './characters/locales/ja-JP.json';
import type EngagementJa from './engagement/locales/ja-JP.json';
import type HomeJa from './home/locales/ja-JP.json';
import type InsightJa from './insight/locales/ja-JP.json';
import type LogsJa from './logs/locales/ja-JP.json';
import type OperatorsJa from './operators/locales/ja-JP.json';
import type ProductTextsJa from './productTexts/locales/ja-JP.json';
import type SimulatorJa from './simulator/locales/ja-JP.json';
import type TaxonomyJa from './taxonomy/locales/ja-JP.json';
import type TestsJa from './tests/locales/ja-JP.json';
import type TranslationsJa from './translations/locales/ja-JP.json';
import type UserContentJa from './userContent/locales/ja-JP.json';
import type UsersJa from './users/locales/ja-JP.json';
import type VersionsJa from './versions/locales/ja-JP.json';
import type VideosJa from './videos/locales/ja-JP.json';

/** The namespace's type: the ja-JP texts of every area (app/namespaces.ts). */
export type AdminMessages = typeof ConsoleJa &
  typeof BillingJa &
  typeof BlockCopyJa &
  typeof BlocksJa &
  typeof CancelReasonsJa &
  typeof CharactersJa &
  typeof EngagementJa &
  typeof HomeJa &
  typeof InsightJa &
  typeof LogsJa &
  typeof OperatorsJa &
  typeof ProductTextsJa &
  typeof SimulatorJa &
  typeof TaxonomyJa &
  typeof TestsJa &
  typeof TranslationsJa &
  typeof UserContentJa &
  typeof UsersJa &
  typeof VersionsJa &
  typeof VideosJa;

const files = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', './*/locales/*.json'], {
  eager: true,
});

function messagesIn(language: 'ja-JP' | 'en-US'): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [path, file] of Object.entries(files))
    if (path.endsWith(`/${language}.json`)) Object.assign(merged, file.default);
  return merged;
}

/** The console's texts for an interface language: Japanese for ja-JP, English for the others. */
export function adminMessages(language: string): Record<string, unknown> {
  return messagesIn(language === 'ja-JP' ? 'ja-JP' : 'en-US');
}
