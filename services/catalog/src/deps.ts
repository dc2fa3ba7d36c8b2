import type { Platform } from '@talkwith/platform';

/** What every catalog route plugin is handed (authoring, media, taxonomy): the platform's ports. */
export interface CatalogDeps {
  platform: Platform;
}
