import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import accountsPlugin from './accounts-plugin.ts';
import { OWASP_SCRYPT } from './accounts/password-hash.ts';

/** Identity: accounts, sessions, roles and mail (see accounts-plugin.ts). */
export const identityPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before identity is mounted');
  app.get('/api/identity/healthz', { schema: { tags: ['identity'], summary: 'identity service alive' } }, async () => ({ ok: true as const, service: 'identity' }));
  await app.register(accountsPlugin, {
    platform,
    jwtSecret: config.JWT_SECRET,
    accessTtlSeconds: 15 * 60,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    scrypt: OWASP_SCRYPT,
    loginMaxFailures: 10,
    loginWindowMs: 15 * 60_000,
    refreshTtlMs: 30 * 24 * 3600_000,
    google: null,
  });
};
