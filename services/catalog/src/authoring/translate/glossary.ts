import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Translator } from './port.ts';

/**
 * The embedded adapter: the web client's own interface strings
 * (web/src/i18n/locales/*.json). A Japanese string that is one of them is
 * answered with the same key's text in the target language; free text is
 * "not available". The files are read once at start from a folder (the
 * catalog does not import web code); a deployment without them simply has an
 * empty glossary.
 */
export const DEFAULT_GLOSSARY_DIR = fileURLToPath(new URL('../../../../../web/src/i18n/locales/', import.meta.url));
const SOURCE_LANGUAGE = 'ja-JP';

/** Nested locale JSON → dotted key → string. */
export function flattenStrings(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flattenStrings(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** language → dotted key → text, from the `<language>.json` files of a folder (none when it does not exist). */
export async function readLocales(dir: string): Promise<Map<string, Map<string, string>>> {
  const locales = new Map<string, Map<string, string>>();
  if (!existsSync(dir)) return locales;
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json'))) {
    locales.set(basename(name, '.json'), flattenStrings(JSON.parse(await readFile(join(dir, name), 'utf8'))));
  }
  return locales;
}

export function glossaryTranslator(locales: Map<string, Map<string, string>>): Translator {
  // Japanese text → its key (the first key when two share a text: they translate alike in practice).
  const keyOf = new Map<string, string>();
  for (const [key, text] of locales.get(SOURCE_LANGUAGE) ?? [])
    if (!keyOf.has(text.trim())) keyOf.set(text.trim(), key);
  return {
    kind: 'glossary',
    async translate(text, target) {
      if (target === SOURCE_LANGUAGE) return { text, available: true };
      const key = keyOf.get(text.trim());
      const translated = key === undefined ? undefined : locales.get(target)?.get(key);
      return translated === undefined ? { text, available: false } : { text: translated, available: true };
    },
  };
}
