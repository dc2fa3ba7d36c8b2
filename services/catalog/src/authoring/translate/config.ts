import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@talkwith/platform';

/** The catalog's variables for translation (POST /api/admin/translate); part of CatalogConfig (../../config.ts). */
export const TranslateConfig = Type.Object({
  TRANSLATE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://\\S+$',
      description:
        "DeepL-compatible translation endpoint for POST /api/admin/translate (e.g. https://api-free.deepl.com/v2/translate); unset = the embedded glossary of the web client's interface strings",
    }),
  ),
  TRANSLATE_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'key sent to TRANSLATE_URL (Authorization: DeepL-Auth-Key …); required with TRANSLATE_URL',
    }),
  ),
  TRANSLATE_GLOSSARY_DIR: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'folder of the interface-string JSON files the embedded glossary reads at start (ja-JP.json, en-US.json, …); unset = web/src/i18n/locales of this checkout (missing: every text answers available=false)',
    }),
  ),
});
export type TranslateConfig = Static<typeof TranslateConfig>;

/** Reads and validates the translation variables; throws ConfigError naming each bad one. */
export function loadTranslateConfig(env: NodeJS.ProcessEnv = process.env): TranslateConfig {
  return loadConfig(TranslateConfig, env);
}
