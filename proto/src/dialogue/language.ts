import { Type, type Static, type TArray, type TObject, type TOptional, type TString } from '@sinclair/typebox';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../i18n/index.ts';

/**
 * The languages a talk is held in: the subtitle languages the product ships
 * (Google's BCP-47 codes). Japanese is the default; a talk is held in another
 * when the player shows that language's subtitles (the user's interface
 * language, when the character has subtitles in it).
 */
export const TalkLanguage = Type.Union(
  [Type.Literal('ja-JP'), Type.Literal('en-US'), Type.Literal('fil-PH'), Type.Literal('zh-TW')],
  { default: 'ja-JP' },
);
export type TalkLanguage = Static<typeof TalkLanguage>;

type WordsPerLanguage = TObject<Record<TranslatedLanguage, TOptional<TArray<TString>>>>;

/**
 * Words said in the talk languages besides Japanese (a hit word route's
 * words, a recognition block's phrases): a talk in one of them is matched
 * against its words; a language left out or empty uses the Japanese words.
 */
export function wordsPerLanguage(maxItems: number, maxLength = 200, description?: string): WordsPerLanguage {
  const words = () => Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength }), { maxItems }));
  // propertyNames refuses another language outright: the servers' validators strip unknown properties silently otherwise.
  return Type.Object(
    { 'en-US': words(), 'fil-PH': words(), 'zh-TW': words() },
    {
      additionalProperties: false,
      propertyNames: { enum: [...TRANSLATED_LANGUAGES] },
      description:
        description ??
        'the words in the other talk languages; a talk in one of them matches these (Japanese: the words above)',
    },
  );
}
