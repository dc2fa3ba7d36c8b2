/**
 * Minors (SPEC.md §5 terms: minors need guardian consent). One reckoning of
 * age for every part that needs it: identity (the consent at sign-up),
 * billing (the monthly spending cap) and the web (the consent checkbox).
 */

/** Adulthood in Japan (民法第4条, since 2022-04-01). */
export const ADULT_AGE = 18;

/** The date of birth that stands for "not known" (Google sign-in): never treated as a minor's. */
export const UNKNOWN_DATE_OF_BIRTH = '1900-01-01';

/** The consent a minor gives at sign-up, in the terms' words (利用規約 第4条（未成年者の利用）). */
export const GUARDIAN_CONSENT_TEXT =
  '親権者その他の法定代理人の同意を得たうえで利用します（有料サービスの購入を含みます）。';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Japanese calendar date of an instant, YYYY-MM-DD. */
export function japanDateOf(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Full years of age on the Japanese calendar date of `at` (a birthday counts
 * from its own day; 29 February counts from 1 March in other years). Null
 * when the date is not known or not a date.
 */
export function ageInJapanOn(dateOfBirth: string | undefined | null, at: Date): number | null {
  if (!dateOfBirth || dateOfBirth === UNKNOWN_DATE_OF_BIRTH || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const today = japanDateOf(at);
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

/** A person under 18 on that day (unknown dates of birth are not). */
export function isMinorOn(dateOfBirth: string | undefined | null, at: Date): boolean {
  const age = ageInJapanOn(dateOfBirth, at);
  return age !== null && age < ADULT_AGE;
}
