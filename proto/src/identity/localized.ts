import { Type, type Static, type TObject, type TOptional, type TString } from '@sinclair/typebox';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../i18n/index.ts';

export { localized, trimmedTranslations, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../i18n/index.ts';

/**
 * Content an operator writes (a product's or plan's name, a character's name
 * and description, a start or action button's label) in the interface
 * languages besides Japanese. The Japanese text stays where it always was
 * (`name`, `title`, `description`): it is required, the dialogue engine and
 * the console read it, and data written before translations existed stays
 * valid. Its translations sit beside it as `{field}_i18n`; a language left
 * out (or left empty) shows the Japanese (`localized`, proto/src/i18n).
 */
type TranslationsSchema = TObject<Record<TranslatedLanguage, TOptional<TString>>>;

/** The schema of one field's translations, each at most `maxLength` characters (the Japanese field's own limit). */
export function translationsOf(
  maxLength: number,
  description = 'the text in the other interface languages; a language left out or empty shows the Japanese',
): TranslationsSchema {
  const text = () => Type.Optional(Type.String({ maxLength }));
  // propertyNames refuses another language outright: the servers' validators strip unknown properties silently otherwise.
  return Type.Object(
    { 'en-US': text(), 'fil-PH': text(), 'zh-TW': text() },
    { additionalProperties: false, propertyNames: { enum: [...TRANSLATED_LANGUAGES] }, description },
  );
}

export const Translations = translationsOf(5000);
export type Translations = Static<typeof Translations>;

/** A label's translations (a start or action button, a character's name): at most 200 characters each. */
export const LabelTranslations = translationsOf(200);
