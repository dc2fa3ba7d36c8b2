import type { TranslateConfig } from './config.ts';
import { DEFAULT_GLOSSARY_DIR, glossaryTranslator, readLocales } from './glossary.ts';
import { httpTranslator } from './http.ts';
import type { Translator } from './port.ts';

export type { Translation, Translator } from './port.ts';

/** The adapter the configuration chooses: the HTTP API when TRANSLATE_URL is set (with its key), else the embedded glossary. */
export async function translatorFrom(config: TranslateConfig): Promise<Translator> {
  if (config.TRANSLATE_URL) {
    if (!config.TRANSLATE_API_KEY) throw new Error('TRANSLATE_API_KEY must be set with TRANSLATE_URL');
    return httpTranslator(config.TRANSLATE_URL, config.TRANSLATE_API_KEY);
  }
  return glossaryTranslator(await readLocales(config.TRANSLATE_GLOSSARY_DIR ?? DEFAULT_GLOSSARY_DIR));
}
