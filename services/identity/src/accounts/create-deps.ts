import type { Platform } from '@talkwith/platform';
import type { AccessTokenClaims, AccountsDeps } from './deps.ts';
import { createDeviceProofs } from './devices.ts';
import { createLoginLimiter, type LoginLimitOptions } from './login-limiter.ts';
import { createOneTimeTokens } from './one-time-tokens.ts';
import { createPasswordHasher, decoyHash, type Argon2Params, type HashPoolOptions } from './password-hash.ts';
import { createRefreshTokens } from './refresh-tokens.ts';
import { createSessionVersions } from './session-versions.ts';
import { createCurrentPasswordGuard } from './current-password.ts';
import { openUsers } from './users.ts';

export interface AccountsSettings {
  publicUrl: string;
  hashing: { params: Argon2Params } & HashPoolOptions;
  login: LoginLimitOptions;
  refreshTtlMs: number;
  /** Signs device cookies (devices.ts deviceKeyFrom). */
  deviceKey: Buffer;
  /** Access-token lifetime: how long a session version stays in the cache after a token is issued (default 15 minutes). */
  accessTtlSeconds?: number;
  signAccessToken(claims: AccessTokenClaims): string;
}

export async function createAccountsDeps(platform: Platform, settings: AccountsSettings): Promise<AccountsDeps> {
  const hasher = createPasswordHasher(settings.hashing.params, settings.hashing);
  const users = await openUsers(platform.store);
  return {
    store: platform.store,
    users,
    sessions: createSessionVersions(users, platform.cache, (settings.accessTtlSeconds ?? 15 * 60) * 1000),
    currentPassword: createCurrentPasswordGuard(platform.cache),
    cache: platform.cache,
    tokens: await createOneTimeTokens(platform.store),
    refresh: await createRefreshTokens(platform.store, settings.refreshTtlMs),
    limiter: createLoginLimiter(platform.cache, settings.login),
    devices: createDeviceProofs(settings.deviceKey),
    events: platform.events,
    mail: platform.mail,
    hasher,
    publicUrl: settings.publicUrl.replace(/\/$/, ''),
    signAccessToken: settings.signAccessToken,
    decoyHash: await decoyHash(hasher),
    clock: () => new Date(),
  };
}
