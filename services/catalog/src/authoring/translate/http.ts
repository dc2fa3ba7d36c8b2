import type { Translator } from './port.ts';
import { characterErrors } from '../../errors.ts';

/** SPEC §9 language → the target_lang of a DeepL-compatible API (languages it lacks are answered "not available"). */
const TARGET_LANG: Record<string, string> = {
  'ja-JP': 'JA',
  'en-US': 'EN-US',
  'zh-TW': 'ZH-HANT',
  ko: 'KO',
  id: 'ID',
  ru: 'RU',
  es: 'ES',
  fr: 'FR',
  de: 'DE',
  it: 'IT',
  pt: 'PT-PT',
  nl: 'NL',
};
const TIMEOUT_MS = 10_000;

interface DeepLReply {
  translations?: Array<{ text?: unknown }>;
}

/** The production adapter: a DeepL-compatible endpoint (form POST text + target_lang, key in the Authorization header). */
export function httpTranslator(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): Translator {
  return {
    kind: 'http',
    async translate(text, target) {
      const targetLang = TARGET_LANG[target];
      if (!targetLang) return { text, available: false };
      let reply: Response;
      try {
        reply = await fetchImpl(url, {
          method: 'POST',
          headers: { authorization: `DeepL-Auth-Key ${apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ text, source_lang: 'JA', target_lang: targetLang }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw characterErrors.translatorUnreachable(err);
      }
      const body = (reply.ok ? await reply.json().catch(() => ({})) : {}) as DeepLReply;
      const translated = body.translations?.[0]?.text;
      if (typeof translated !== 'string') {
        throw characterErrors.translatorBadReply(reply.status);
      }
      return { text: translated, available: true };
    },
  };
}
