import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@talkwith/platform';

/** The environment variables only identity reads (log-in limits, Google sign-in); the platform-wide ones are the platform's. */
export const IdentityConfig = Type.Object({
  LOGIN_MAX_FAILURES: Type.Integer({
    minimum: 1,
    default: 10,
    description:
      'failed log-ins per account from one client address (or from one device that logged in to it before) before POST /api/auth/login answers 429; after as many failures from unknown devices an account slows down for them (progressive delay, no hard lock; its known devices are exempt)',
  }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 50,
    description:
      'failed log-ins from one client address over all accounts before it gets 429 (higher than LOGIN_MAX_FAILURES, so one user mistyping does not lock out others behind the same address)',
  }),
  LOGIN_WINDOW_SECONDS: Type.Integer({
    minimum: 1,
    default: 900,
    description: 'length of the failed-log-in window, seconds (default 15 minutes)',
  }),
  PASSWORD_HASH_WORKERS: Type.Integer({
    minimum: 1,
    maximum: 16,
    default: 2,
    description:
      'worker threads hashing passwords (Argon2id, 19 MiB each), apart from the threadpool that serves file and store I/O',
  }),
  PASSWORD_HASH_QUEUE_LIMIT: Type.Integer({
    minimum: 0,
    default: 64,
    description:
      'password hashes allowed to wait for a worker; beyond that log-in, sign-up and password changes answer 503 with Retry-After instead of queueing',
  }),
  GOOGLE_CLIENT_ID: Type.Optional(
    Type.String({ minLength: 1, description: 'Google sign-in OAuth client id; unset = Google sign-in off' }),
  ),
  GOOGLE_CLIENT_SECRET: Type.Optional(
    Type.String({ minLength: 1, description: 'Google sign-in OAuth client secret (required with GOOGLE_CLIENT_ID)' }),
  ),
  GOOGLE_ISSUER: Type.String({
    pattern: '^https?://\\S+$',
    default: 'https://accounts.google.com',
    description: 'OpenID issuer for Google sign-in (its discovery document is read at first use)',
  }),
});
export type IdentityConfig = Static<typeof IdentityConfig>;

/** Reads and validates identity's variables; throws ConfigError naming each bad one. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig(IdentityConfig, env);
}
