import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { createEntitlements, type ServiceOptions } from '@talkwith/platform';
import { ensureJwt } from '@talkwith/platform/http';
import { credentialsFor } from '@talkwith/platform/secrets';
import { ServiceAlive } from '@talkwith/proto';
import { charactersArea } from './characters/index.ts';
import { insightArea } from './insight/index.ts';
import { loadDialogueConfig } from './config.ts';
import type { Closer, DialogueArea, DialogueDeps } from './deps.ts';
import { recognitionArea } from './recognition/index.ts';
import { loadReadingForms, warmUnderstanding } from './recognition/understanding/index.ts';
import { sttArea } from './stt/index.ts';
import { talksArea } from './talks/index.ts';

const AREAS: DialogueArea[] = [charactersArea, recognitionArea, talksArea, sttArea, insightArea];

/** Dialogue: character search, recognition on the server, talks, the conversation tracker and the album (services/dialogue/API.md). */
export const dialoguePlugin: FastifyPluginAsync<ServiceOptions> = async (
  app,
  { platform, config, env, standalone },
) => {
  await ensureJwt(app, config.JWT_SECRET);
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before dialogue is mounted');
  // The same key and IV as catalog's: the keys arrive sealed in character.published; missing or malformed ones stop the start here.
  const credentials = await credentialsFor({ keys: config, dataDir: config.DATA_DIR, standalone: standalone === true });
  const deps: DialogueDeps = {
    platform,
    config: loadDialogueConfig(env),
    entitlements: createEntitlements({ service: 'dialogue', secret: config.JWT_SECRET }),
    credentials,
  };
  // Dialogue holds the Japanese analyser (its understanding): the understand route and insight use it, and the
  // embedded search reads dialogue's indexes with it. Warmed, it loads now in the background whatever the search
  // (Elasticsearch's adapter never asks for it), so the first understand request does not wait for it; readiness
  // does not wait, and embedded searches meanwhile match by surface. Both share the one load.
  if (deps.config.ANALYSER_WARMUP) warmUnderstanding(platform.logger);
  platform.search.useReadings(loadReadingForms, { warm: deps.config.ANALYSER_WARMUP });
  for (const area of AREAS) await area.prepare?.(deps);
  const closers: Closer[] = [];
  app.addHook('onReady', async () => {
    for (const area of AREAS) closers.push(...((await area.start?.(deps)) ?? []));
  });
  app.addHook('onClose', async () => {
    for (const closer of closers.splice(0).reverse()) await closer.close();
  });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/dialogue/healthz',
    { schema: { tags: ['dialogue'], summary: 'dialogue service alive', response: { 200: ServiceAlive } } },
    async () => ({ ok: true as const, service: 'dialogue' }),
  );
  for (const area of AREAS) await app.register(area.routes, deps);
};
