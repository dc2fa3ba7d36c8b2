import { randomBytes } from 'node:crypto';
import type { Platform } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import { createAccountsDeps } from './accounts/create-deps.ts';
import { hashPassword } from './accounts/password-hash.ts';
import { passwordProblem } from './accounts/password-policy.ts';
import { seedAdmin } from './accounts/seed-admin.ts';
import { normalizeEmail } from './accounts/users.ts';
import { loadIdentityConfig } from './config.ts';
import { accountsSettings } from './plugin.ts';

/**
 * Standalone first start: creates the first admin when none exists and
 * returns its credentials for the caller to print once (null afterwards).
 */
export async function seedFirstAdmin(
  platform: Platform,
  config: PlatformConfig,
  env: NodeJS.ProcessEnv,
): Promise<{ email: string; password: string } | null> {
  const deps = await seedingDeps(platform, config, env);
  try {
    return await seedAdmin(deps);
  } finally {
    await deps.hasher.close();
  }
}

function seedingDeps(platform: Platform, config: PlatformConfig, env: NodeJS.ProcessEnv) {
  return createAccountsDeps(platform, {
    ...accountsSettings(config, loadIdentityConfig(env)),
    signAccessToken: () => {
      throw new Error('seeding signs no tokens');
    },
    // Seeding logs nobody in, so no device cookie is ever signed with this key.
    deviceKey: randomBytes(32),
  });
}

export type EnsureAdminOutcome = 'created' | 'promoted' | 'already admin';

/**
 * `npm run admin:create` (any run mode): the account `email` gets the admin
 * role — created with `password` (e-mail confirmed, chosen by the operator so
 * no forced change) when missing, promoted when it exists, untouched when it
 * already is an admin. Idempotent: a Kubernetes Job may run it on every deploy.
 */
export async function ensureAdmin(
  platform: Platform,
  config: PlatformConfig,
  env: NodeJS.ProcessEnv,
  email: string,
  password: string,
): Promise<EnsureAdminOutcome> {
  const deps = await seedingDeps(platform, config, env);
  try {
    const normalized = normalizeEmail(email);
    const existing = await deps.users.findOne({ email: normalized });
    if (existing?.roles.includes('admin')) return 'already admin';
    if (existing) {
      await deps.users.updateOne({ _id: existing._id }, { $set: { roles: [...existing.roles, 'admin'] } });
      return 'promoted';
    }
    const problem = passwordProblem(password);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    const now = deps.clock();
    await deps.users.insertOne({
      email: normalized,
      passwordHash: await hashPassword(password, deps.hasher),
      gender: 'unspecified',
      date_of_birth: '1970-01-01',
      nickname: 'admin',
      roles: ['admin'],
      emailConfirmedAt: now,
      createdAt: now,
      lastLoginAt: null,
      mustChangePassword: false,
    });
    return 'created';
  } finally {
    await deps.hasher.close();
  }
}
