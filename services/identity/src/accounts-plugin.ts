import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '@talkwith/platform';
import { consumeFactsRequests } from '@talkwith/platform/eventing';
import { ensureJwt } from '@talkwith/platform/http';
import { identityFacts } from './accounts/announce.ts';
import { createAccountsDeps, type AccountsSettings } from './accounts/create-deps.ts';
import type { AccountsDeps } from './accounts/deps.ts';
import { deviceKeyFrom } from './accounts/devices.ts';
import { operatorRoutes } from './http/operator-routes.ts';
import { adminUserRoutes } from './http/admin-routes.ts';
import { authRoutes } from './http/auth-routes.ts';
import { csrfKeyFrom } from './http/cookies.ts';
import { googleRoutes, oidcStateKeyFrom } from './google/google-routes.ts';
import type { GoogleSettings } from './google/google-signin.ts';

export interface AccountsPluginOptions extends Omit<AccountsSettings, 'signAccessToken' | 'deviceKey'> {
  platform: Platform;
  jwtSecret: string;
  accessTtlSeconds: number;
  google?: GoogleSettings | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsDeps;
  }
}

/**
 * Accounts: sign-up, log-in, sessions, passwords, profile and admin user
 * management. Registers @fastify/cookie and @fastify/jwt unless an outer
 * scope (the gateway) already did, so it runs the same mounted or alone.
 */
const accountsPlugin: FastifyPluginAsync<AccountsPluginOptions> = async (app, options) => {
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  // requireCaller reads session versions from the platform's cache (the gateway and service servers decorate it already).
  if (!app.hasDecorator('platform')) app.decorate('platform', options.platform);
  await ensureJwt(app, options.jwtSecret);
  const deps = await createAccountsDeps(options.platform, {
    ...options,
    signAccessToken: (claims) => app.jwt.sign(claims, { expiresIn: options.accessTtlSeconds }),
    deviceKey: deviceKeyFrom(options.jwtSecret),
  });
  app.decorate('accounts', deps);
  // Billing and engagement keep projections of accounts; on start they ask identity to announce them again (accounts/announce.ts).
  let factsRequests: { close(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    factsRequests = await consumeFactsRequests(options.platform.store, options.platform.events, identityFacts);
  });
  app.addHook('onClose', async () => {
    await factsRequests?.close();
    await deps.hasher.close();
  });
  const refreshTtlSeconds = Math.floor(options.refreshTtlMs / 1000);
  const csrfKey = csrfKeyFrom(options.jwtSecret);
  await app.register(authRoutes, { deps, refreshTtlSeconds, csrfKey });
  await app.register(adminUserRoutes, { deps });
  await app.register(operatorRoutes, { deps });
  await app.register(googleRoutes, {
    deps,
    cache: options.platform.cache,
    google: options.google ?? null,
    refreshTtlSeconds,
    csrfKey,
    stateKey: oidcStateKeyFrom(options.jwtSecret),
  });
};

export default fp(accountsPlugin, { name: 'identity-accounts' });
