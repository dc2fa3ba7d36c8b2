import { DEFAULT_BODY_LIMIT, type PlatformConfig } from '@talkwith/platform/platform';
import {
  DEFAULT_LANGUAGE,
  IMPORT_MAX_BYTES,
  SLUG_MAX,
  SUPPORTED_LANGUAGES,
  type ProjectSettings,
} from '@talkwith/proto/catalog';
import type { Translator } from './translate/index.ts';

/** The ports whose production adapter is chosen by a URL (PlatformConfig), as the project settings name them. */
const ADAPTER_URLS = {
  bus: 'BUS_URL',
  store: 'STORE_URL',
  jobs: 'JOBS_URL',
  cache: 'CACHE_URL',
  search: 'SEARCH_URL',
  files: 'FILES_URL',
  mail: 'MAIL_URL',
} as const;

/**
 * Project settings for the admin console: SPEC §9 languages and limits and
 * which adapters are configured. Only whether a URL is set is told, never
 * the URL (it may hold credentials).
 */
export function projectSettingsOf(config: PlatformConfig, translator: Translator): ProjectSettings {
  const adapters = Object.fromEntries(
    Object.entries(ADAPTER_URLS).map(([port, variable]) => [
      port,
      config[variable] ? ('configured' as const) : ('embedded' as const),
    ]),
  );
  return {
    ok: true,
    default_language: DEFAULT_LANGUAGE,
    languages: [...SUPPORTED_LANGUAGES],
    slug_max: SLUG_MAX,
    images: {
      device_widths: { min: 640, max: 3840 },
      sizes: { min: 16, max: 384 },
      description: 'SPEC §9: responsive image widths and icon sizes',
    },
    uploads: { json_import_max_bytes: IMPORT_MAX_BYTES, request_body_max_bytes: DEFAULT_BODY_LIMIT },
    adapters,
    translation: { adapter: translator.kind },
  };
}
