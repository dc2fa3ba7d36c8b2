import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import { ServiceAlive } from '@talkwith/proto';
import accountsPlugin from './accounts-plugin.ts';
import { loadIdentityConfig, type IdentityConfig } from './config.ts';
import type { AccountsSettings } from './accounts/create-deps.ts';
import { OWASP_ARGON2 } from './accounts/password-hash.ts';
import type { GoogleSettings } from './google/google-signin.ts';

/** Where users reach the product: links in mails and the Google callback point here. */
function publicOrigin(config: PlatformConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Account settings from the configuration (one place, shared by the plugin and the standalone seed). */
export function accountsSettings(
  config: PlatformConfig,
  own: IdentityConfig,
): Omit<AccountsSettings, 'signAccessToken' | 'deviceKey'> {
  return {
    publicUrl: publicOrigin(config),
    hashing: { params: OWASP_ARGON2, workers: own.PASSWORD_HASH_WORKERS, maxQueue: own.PASSWORD_HASH_QUEUE_LIMIT },
    login: {
      maxFailures: own.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: own.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: own.LOGIN_WINDOW_SECONDS * 1000,
    },
    refreshTtlMs: 30 * 24 * 3600_000,
  };
}

/** Google sign-in is on when a client id and secret are configured; the callback comes back to this product's origin. */
function googleSettings(config: PlatformConfig, own: IdentityConfig): GoogleSettings | null {
  if (!own.GOOGLE_CLIENT_ID || !own.GOOGLE_CLIENT_SECRET) return null;
  return {
    issuer: own.GOOGLE_ISSUER,
    clientId: own.GOOGLE_CLIENT_ID,
    clientSecret: own.GOOGLE_CLIENT_SECRET,
    redirectUri: `${publicOrigin(config)}/api/auth/google/callback`,
  };
}

/** Identity: accounts, sessions, roles and mail (see accounts-plugin.ts). */
export const identityPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config, env }) => {
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before identity is mounted');
  const own = loadIdentityConfig(env);
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/identity/healthz',
    {
      schema: { tags: ['identity'], summary: 'identity service alive', response: { 200: ServiceAlive } },
    },
    async () => ({ ok: true as const, service: 'identity' }),
  );
  await app.register(accountsPlugin, {
    platform,
    jwtSecret: config.JWT_SECRET,
    accessTtlSeconds: 15 * 60,
    google: googleSettings(config, own),
    ...accountsSettings(config, own),
  });
};
