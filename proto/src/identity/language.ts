import { Type, type Static } from '@sinclair/typebox';

/** The interface languages the web bundles (SPEC.md §9); ja-JP is the product's first and the default. */
export const INTERFACE_LANGUAGES = ['ja-JP', 'en-US', 'fil-PH', 'zh-TW'] as const;
export const DEFAULT_INTERFACE_LANGUAGE = 'ja-JP';

export const InterfaceLanguage = Type.Union([Type.Literal('ja-JP'), Type.Literal('en-US'), Type.Literal('fil-PH'), Type.Literal('zh-TW')], {
  description: 'the account\'s interface language (ja-JP when not known); billing\'s mails are written in it',
});
export type InterfaceLanguage = Static<typeof InterfaceLanguage>;

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}
