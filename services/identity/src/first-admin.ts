import { randomBytes } from 'node:crypto';
import type { Platform } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import { createAccountsDeps } from './accounts/create-deps.ts';
import { seedAdmin } from './accounts/seed-admin.ts';
import { loadIdentityConfig } from './config.ts';
import { accountsSettings } from './plugin.ts';

/**
 * Standalone first start: creates the first admin when none exists and
 * returns its credentials for the caller to print once (null afterwards).
 */
export async function seedFirstAdmin(platform: Platform, config: PlatformConfig, env: NodeJS.ProcessEnv): Promise<{ email: string; password: string } | null> {
  const deps = await createAccountsDeps(platform, {
    ...accountsSettings(config, loadIdentityConfig(env)),
    signAccessToken: () => { throw new Error('seeding signs no tokens'); },
    // Seeding logs nobody in, so no device cookie is ever signed with this key.
    deviceKey: randomBytes(32),
  });
  try {
    return await seedAdmin(deps);
  } finally {
    await deps.hasher.close();
  }
}
