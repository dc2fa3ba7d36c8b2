import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import { ServiceAlive } from '@talkwith/proto';
import accountsPlugin from './accounts-plugin.ts';
import type { AccountsSettings } from './accounts/create-deps.ts';
import { OWASP_SCRYPT } from './accounts/password-hash.ts';
import type { GoogleSettings } from './google/google-signin.ts';

/** Account settings from the platform configuration (one place, shared by the plugin and the standalone seed). */
export function accountsSettings(config: PlatformConfig): Omit<AccountsSettings, 'signAccessToken'> {
  return {
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    scrypt: OWASP_SCRYPT,
    loginMaxFailures: config.LOGIN_MAX_FAILURES,
    loginWindowMs: config.LOGIN_WINDOW_SECONDS * 1000,
    refreshTtlMs: 30 * 24 * 3600_000,
  };
}

/** Google sign-in is on when a client id and secret are configured; the callback comes back to this product's origin. */
function googleSettings(config: PlatformConfig): GoogleSettings | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  const origin = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return {
    issuer: config.GOOGLE_ISSUER,
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: `${origin.replace(/\/$/, '')}/api/auth/google/callback`,
  };
}

/** Identity: accounts, sessions, roles and mail (see accounts-plugin.ts). */
export const identityPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before identity is mounted');
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/identity/healthz', {
    schema: { tags: ['identity'], summary: 'identity service alive', response: { 200: ServiceAlive } },
  }, async () => ({ ok: true as const, service: 'identity' }));
  await app.register(accountsPlugin, { platform, jwtSecret: config.JWT_SECRET, accessTtlSeconds: 15 * 60, google: googleSettings(config), ...accountsSettings(config) });
};
