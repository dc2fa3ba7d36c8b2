import type { Translations } from '@talkwith/proto/identity';

/** The texts typed, trimmed, without empty languages, in one order. */
const typedOf = (value: Translations | undefined): string =>
  JSON.stringify(
    Object.entries(value ?? {})
      .map(([language, text]): [string, string] => [language, text?.trim() ?? ''])
      .filter(([, text]) => text)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** Whether two sets of translations say the same (an emptied input is no change: it was not there before either). */
export const sameTranslations = (a: Translations | undefined, b: Translations | undefined): boolean =>
  typedOf(a) === typedOf(b);
