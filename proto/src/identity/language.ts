import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_INTERFACE_LANGUAGE, INTERFACE_LANGUAGES } from '../i18n/index.ts';

/** The interface languages (proto/src/i18n: SPEC.md §9); ja-JP is the product's first and the default. */
export { DEFAULT_INTERFACE_LANGUAGE, INTERFACE_LANGUAGES };

export const InterfaceLanguage = Type.Union(
  [Type.Literal('ja-JP'), Type.Literal('en-US'), Type.Literal('fil-PH'), Type.Literal('zh-TW')],
  {
    description: "the account's interface language (ja-JP when not known); billing's mails are written in it",
  },
);
export type InterfaceLanguage = Static<typeof InterfaceLanguage>;

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}
