import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import { campaignsArea } from './campaigns/index.ts';
import { loadEngagementConfig } from './config.ts';
import { contactsArea } from './contacts/index.ts';
import type { Closer, EngagementArea, EngagementDeps } from './deps.ts';
import { notificationsArea } from './notifications/index.ts';
import { serialsArea } from './serials/index.ts';

const AREAS: EngagementArea[] = [notificationsArea, serialsArea, contactsArea, campaignsArea];

/** Engagement: notifications and news, serial codes, contacts, campaigns (services/engagement/API.md). */
export const engagementPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config, env }) => {
  await ensureJwt(app, config.JWT_SECRET);
  const deps: EngagementDeps = { platform, config: loadEngagementConfig(env) };
  for (const area of AREAS) await area.prepare?.(deps);
  const closers: Closer[] = [];
  app.addHook('onReady', async () => {
    for (const area of AREAS) closers.push(...((await area.start?.(deps)) ?? []));
    await platform.jobs.start();
  });
  app.addHook('onClose', async () => {
    for (const closer of closers.splice(0).reverse()) await closer.close();
  });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/engagement/healthz',
    { schema: { tags: ['engagement'], summary: 'engagement service alive', response: { 200: ServiceAlive } } },
    async () => ({ ok: true as const, service: 'engagement' }),
  );
  for (const area of AREAS) await app.register(area.routes, deps);
};
