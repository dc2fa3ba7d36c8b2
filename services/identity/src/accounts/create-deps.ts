import type { Platform } from '@talkwith/platform';
import type { Role } from '@talkwith/proto/identity';
import type { AccountsDeps } from './deps.ts';
import { createLoginLimiter, type LoginLimitOptions } from './login-limiter.ts';
import { createOneTimeTokens } from './one-time-tokens.ts';
import { decoyHash, type ScryptParams } from './password-hash.ts';
import { createRefreshTokens } from './refresh-tokens.ts';
import { openUsers } from './users.ts';

export interface AccountsSettings {
  publicUrl: string;
  scrypt: ScryptParams;
  login: LoginLimitOptions;
  refreshTtlMs: number;
  signAccessToken(claims: { sub: string; roles: Role[] }): string;
}

export async function createAccountsDeps(platform: Platform, settings: AccountsSettings): Promise<AccountsDeps> {
  return {
    store: platform.store,
    users: await openUsers(platform.store),
    tokens: await createOneTimeTokens(platform.store),
    refresh: await createRefreshTokens(platform.store, settings.refreshTtlMs),
    limiter: createLoginLimiter(platform.cache, settings.login),
    events: platform.events,
    mail: platform.mail,
    scrypt: settings.scrypt,
    publicUrl: settings.publicUrl.replace(/\/$/, ''),
    signAccessToken: settings.signAccessToken,
    decoyHash: await decoyHash(settings.scrypt),
    clock: () => new Date(),
  };
}
