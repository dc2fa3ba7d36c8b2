import type { Cache, Collection, DocumentStore, Eventing, Mailer } from '@talkwith/platform';
import type { Role } from '@talkwith/proto/identity';
import type { DeviceProofs } from './devices.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { OneTimeTokens } from './one-time-tokens.ts';
import type { PasswordHasher } from './password-hash.ts';
import type { RefreshTokens } from './refresh-tokens.ts';
import type { SessionVersions } from './session-versions.ts';
import type { CurrentPasswordGuard } from './current-password.ts';
import type { UserDoc } from './users.ts';

/** What identity signs into an access token; `pwc` = a password change is required before admin routes answer. */
export interface AccessTokenClaims {
  sub: string;
  roles: Role[];
  sv: number;
  pwc?: true;
}

/** What the account use cases need; built once by createAccountsDeps(). */
export interface AccountsDeps {
  /** For writes that must land together with their event (withTransaction). */
  store: DocumentStore;
  users: Collection<UserDoc>;
  tokens: OneTimeTokens;
  refresh: RefreshTokens;
  sessions: SessionVersions;
  /** Limits guesses of the current password per user (current-password.ts). */
  currentPassword: CurrentPasswordGuard;
  /** Rate limits in the cache port (confirmation-mail resends). */
  cache: Cache;
  limiter: LoginLimiter;
  /** Device cookies of browsers that logged in before (exempt from the account-wide slow-down). */
  devices: DeviceProofs;
  events: Eventing;
  mail: Mailer;
  /** Argon2id in a bounded worker pool of its own (password-hash.ts). */
  hasher: PasswordHasher;
  /** Absolute base URL of the web client, for links in mails. */
  publicUrl: string;
  signAccessToken(claims: AccessTokenClaims): string;
  /** A hash verified when the account is unknown, so timing does not reveal which e-mails exist. */
  decoyHash: string;
  clock(): Date;
}

export const TOKEN_TTL = {
  emailConfirm: 24 * 3600 * 1000,
  passwordReset: 30 * 60 * 1000,
  emailChange: 24 * 3600 * 1000,
} as const;

export const RELOGIN_WINDOW_MS = 48 * 3600 * 1000;
