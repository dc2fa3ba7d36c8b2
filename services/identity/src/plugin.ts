import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import accountsPlugin from './accounts-plugin.ts';
import type { AccountsSettings } from './accounts/create-deps.ts';
import { OWASP_SCRYPT } from './accounts/password-hash.ts';

/** Account settings from the platform configuration (one place, shared by the plugin and the standalone seed). */
export function accountsSettings(config: PlatformConfig): Omit<AccountsSettings, 'signAccessToken'> {
  return {
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    scrypt: OWASP_SCRYPT,
    loginMaxFailures: 10,
    loginWindowMs: 15 * 60_000,
    refreshTtlMs: 30 * 24 * 3600_000,
  };
}

/** Identity: accounts, sessions, roles and mail (see accounts-plugin.ts). */
export const identityPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before identity is mounted');
  app.get('/api/identity/healthz', { schema: { tags: ['identity'], summary: 'identity service alive' } }, async () => ({ ok: true as const, service: 'identity' }));
  await app.register(accountsPlugin, { platform, jwtSecret: config.JWT_SECRET, accessTtlSeconds: 15 * 60, google: null, ...accountsSettings(config) });
};
