import type { Platform } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';

/** What every catalog route plugin is handed (authoring, media, taxonomy): the platform's ports. */
export interface CatalogDeps {
  platform: Platform;
}

/** The routes that read or write a character's credentials (SPJ key, google_key), sealed in the store. */
export interface CredentialDeps extends CatalogDeps {
  credentials: CredentialCipher;
}
