import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import { loadTranslateConfig } from './translate/config.ts';
import { blockRoutes } from './block-routes.ts';
import { blockToolRoutes } from './block-tools-routes.ts';
import { characterRoutes } from './character-routes.ts';
import { characterTestRoutes } from './character-test-routes.ts';
import { importRoutes } from './import-routes.ts';
import { positionRoutes } from './position-routes.ts';
import { projectRoutes } from './project-routes.ts';
import { publishingRoutes } from './publishing-routes.ts';
import { synonymRoutes } from './synonyms/routes.ts';
import { translatorFrom } from './translate/index.ts';
import type { StandbyChanges } from '../standby-changes.ts';
import { versionRoutes } from './version-routes.ts';

export interface AuthoringOptions {
  platform: Platform;
  /** The platform-wide configuration (project settings tell which adapters it configures). */
  config: PlatformConfig;
  /** The process environment: the catalog's own variables (translation) are read from it. */
  env: NodeJS.ProcessEnv;
  /** Seals and opens the characters' credentials (platform/secrets). */
  credentials: CredentialCipher;
  /** Announces a changed standby clip (the media side re-checks every clip's continuity). */
  standbyChanges?: StandbyChanges;
}

/** Admin authoring of characters, settings and blocks, project settings and translation (SPEC.md §7 Admin; services/catalog/API.md). */
export const authoringRoutes: FastifyPluginAsync<AuthoringOptions> = async (
  app,
  { platform, config, env, credentials, standbyChanges },
) => {
  const translator = await translatorFrom(loadTranslateConfig(env));
  await app.register(characterRoutes, { platform, credentials, ...(standbyChanges ? { standbyChanges } : {}) });
  await app.register(publishingRoutes, { platform, credentials });
  await app.register(versionRoutes, { platform, credentials });
  await app.register(characterTestRoutes, { platform });
  await app.register(blockRoutes, { platform });
  await app.register(blockToolRoutes, { platform });
  await app.register(synonymRoutes, { platform });
  await app.register(positionRoutes, { platform });
  await app.register(importRoutes, { platform, credentials });
  await app.register(projectRoutes, { platform, config, translator });
};
