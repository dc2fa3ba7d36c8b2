import { Type, type Static, type TObject, type TOptional, type TString } from '@sinclair/typebox';
import { DEFAULT_INTERFACE_LANGUAGE, INTERFACE_LANGUAGES } from './language.ts';

/**
 * Content an operator writes (a product's or plan's name, a character's name
 * and description, a start or action button's label) in the interface
 * languages besides Japanese. The Japanese text stays where it always was
 * (`name`, `title`, `description`): it is required, the dialogue engine and
 * the console read it, and data written before translations existed stays
 * valid. Its translations sit beside it as `{field}_i18n`; a language left
 * out (or left empty) shows the Japanese.
 */
export const TRANSLATED_LANGUAGES = INTERFACE_LANGUAGES.filter((language) => language !== DEFAULT_INTERFACE_LANGUAGE) as ['en-US', 'fil-PH', 'zh-TW'];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

type TranslationsSchema = TObject<Record<TranslatedLanguage, TOptional<TString>>>;

/** The schema of one field's translations, each at most `maxLength` characters (the Japanese field's own limit). */
export function translationsOf(maxLength: number, description = 'the text in the other interface languages; a language left out or empty shows the Japanese'): TranslationsSchema {
  const text = () => Type.Optional(Type.String({ maxLength }));
  // propertyNames refuses another language outright: the servers' validators strip unknown properties silently otherwise.
  return Type.Object({ 'en-US': text(), 'fil-PH': text(), 'zh-TW': text() }, { additionalProperties: false, propertyNames: { enum: [...TRANSLATED_LANGUAGES] }, description });
}

export const Translations = translationsOf(5000);
export type Translations = Static<typeof Translations>;

/** Trimmed, with an empty language left out (so it shows the Japanese): what a server stores of an operator's translations. */
export function trimmedTranslations(input: Translations): Translations {
  const out: Translations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const text = input[language]?.trim();
    if (text) out[language] = text;
  }
  return out;
}

/** A label's translations (a start or action button, a character's name): at most 200 characters each. */
export const LabelTranslations = translationsOf(200);

/**
 * The text to show in `language`: its translation when an operator wrote one,
 * else the Japanese. Every view that shows operator content calls this one
 * function (the web with i18next's language, billing's mails with the account's).
 */
export function localized(japanese: string, translations: Translations | undefined, language: string): string {
  if (language === DEFAULT_INTERFACE_LANGUAGE || !translations) return japanese;
  const translated = (translations as Record<string, string | undefined>)[language];
  return translated && translated.trim() !== '' ? translated : japanese;
}
