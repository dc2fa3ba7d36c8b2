import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';
import { serveFiles } from '@talkwith/platform/files';
import { ensureJwt, requireCaller } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import {
  CharacterIdParams, CharacterList, CharacterSlugParams, PlayableCharacter,
} from '@talkwith/proto/catalog';
import { authoringRoutes } from './authoring/routes.ts';
import { openCharacters } from './characters.ts';
import { mediaRoutes } from './media/routes.ts';
import { ensureCatalogIndexes } from './model.ts';
import { taxonomyRoutes } from './taxonomy/routes.ts';
import { seedDemoCharacter } from './demo-seed.ts';
import { playableOf, posterRedirectOf, summaryOf } from './playable.ts';
import { ensureSerialGateIndexes, lockedBlocksFor, onSerialGateEvent, SERIAL_GATE_EVENTS } from './serial-gates.ts';

/**
 * The caller of a public route, when it sent a token: the serial-locked blocks
 * it unlocked are then in its character. A token that does not verify is 401
 * (the client refreshes and retries), not a silent anonymous view.
 */
async function optionalCallerId(request: FastifyRequest): Promise<string | undefined> {
  if (!request.headers.authorization) return undefined;
  return (await requireCaller(request)).sub;
}

/**
 * The same schema under proto's named type: inferring the reply type from the
 * whole character graph is too deep for TypeScript (TS2589) inside Fastify's route types.
 */
const PlayableReply = Type.Unsafe<PlayableCharacter>(PlayableCharacter);

/** The poster redirect may be reused a while: the standby clip or the avatar seldom changes. */
const POSTER_CACHE = 'public, max-age=300';

/** Where the files port is served when no CDN stands in front (FILES_PUBLIC_BASE_URL unset: publicUrl points here). */
export const FILES_PREFIX = '/files';

/** Catalog: characters, the playable character with its media URLs, and the media files themselves. */
export const catalogPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config, env }) => {
  await ensureJwt(app, config.JWT_SECRET);
  const characters = openCharacters(platform.store);
  const files = platform.files;
  let gateConsumer: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    await ensureCatalogIndexes(platform.store);
    await ensureSerialGateIndexes(platform.store);
    gateConsumer = await platform.events.consume('catalog-serial-gates', SERIAL_GATE_EVENTS, (event, tx) => onSerialGateEvent(tx, event));
    const seeded = await seedDemoCharacter(platform);
    if (seeded.inserted.length > 0 || seeded.copied > 0 || seeded.drafted > 0) platform.logger.info(seeded, 'demo characters seeded');
  });
  app.addHook('onClose', async () => { await gateConsumer?.close(); });
  serveFiles(app, { files, prefix: FILES_PREFIX });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/catalog/healthz', { schema: { tags: ['catalog'], summary: 'catalog service alive', response: { 200: ServiceAlive } } }, async () => ({ ok: true as const, service: 'catalog' }));
  api.get('/api/characters', { schema: { tags: ['catalog'], summary: 'Published characters (slug, name, avatar URL)', response: { 200: CharacterList } } }, async () => {
    const items = await characters.find({ published_at: { $ne: null } }, { sort: { published_at: -1 }, limit: 200 });
    return { ok: true as const, characters: items.map((c) => summaryOf(c, files)) };
  });
  api.get('/api/character/:character_id/get', {
    schema: { tags: ['catalog'], summary: 'A published character ready to play: blocks, videos with URLs, settings, subtitles', params: CharacterIdParams, response: { 200: PlayableReply } },
  }, async (request) => {
    const found = await characters.findOne({ _id: request.params.character_id });
    if (!found) throw new AppError('NOT_FOUND', 'キャラクターが見つかりません。');
    return playableOf(found, files, await lockedBlocksFor(platform.store, found._id, await optionalCallerId(request)));
  });
  api.get('/api/characters/by-slug/:slug', {
    schema: { tags: ['catalog'], summary: 'A published character ready to play, by its URL name', params: CharacterSlugParams, response: { 200: PlayableReply } },
  }, async (request) => {
    const found = await characters.findOne({ slug: request.params.slug, published_at: { $ne: null } });
    if (!found) throw new AppError('NOT_FOUND', 'キャラクターが見つかりません。');
    return playableOf(found, files, await lockedBlocksFor(platform.store, found._id, await optionalCallerId(request)));
  });
  // The page of /full/chat/{slug} preloads and paints this URL before any script
  // runs (gateway/src/chat-page.ts): one stable address per character whatever
  // its media, so the browser's cache and the later <img> share it.
  api.get('/api/characters/by-slug/:slug/poster', {
    schema: {
      tags: ['catalog'], summary: 'The poster of a published character: a redirect to the first frame of its standby clip, or to its avatar',
      params: CharacterSlugParams,
      response: { 302: Type.Null({ description: 'Location: the poster image (cacheable for 5 minutes)' }) },
    },
  }, async (request, reply) => {
    const found = await characters.findOne({ slug: request.params.slug, published_at: { $ne: null } });
    if (!found) throw new AppError('NOT_FOUND', 'キャラクターが見つかりません。');
    const location = await posterRedirectOf(found, files);
    if (!location) throw new AppError('NOT_FOUND', 'このキャラクターには画像がありません。');
    return reply.header('cache-control', POSTER_CACHE).redirect(location, 302);
  });
  await app.register(authoringRoutes, { platform, config, env });
  await app.register(mediaRoutes, { platform, config, env });
  await app.register(taxonomyRoutes, { platform });
};
