import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { createEntitlements, createMediaSigning } from '@talkwith/platform';
import { sendStoredFile, serveFiles } from '@talkwith/platform/files';
import { ensureJwt } from '@talkwith/platform/http';
import { credentialsFor } from '@talkwith/platform/secrets';
import { ServiceAlive } from '@talkwith/proto';
import {
  CharacterIdParams,
  CharacterList,
  CharacterSlugParams,
  PlayableCharacter,
  PlayableQuery,
} from '@talkwith/proto/catalog';
import { authoringRoutes } from './authoring/routes.ts';
import { announceBillingFactsOnce } from './billing-facts-backfill.ts';
import { consumeFactsRequests } from './facts-announce.ts';
import { openCharacters } from './characters.ts';
import { sealStoredCredentials } from './credentials-at-rest.ts';
import { FILES_PREFIX } from './files-prefix.ts';
import { mediaRoutes } from './media/routes.ts';
import { createStandbyChanges } from './standby-changes.ts';
import { ensureCatalogIndexes } from './model.ts';
import { ensureVersionIndexes } from './authoring/versions.ts';
import { ensureTestIndexes } from './authoring/character-tests.ts';
import { taxonomyRoutes } from './taxonomy/routes.ts';
import { seedDemoCharacter } from './demo-seed.ts';
import { playableOf, posterFileOf, summaryOf } from './playable.ts';
import { FramingCache, framingCss } from './serving/framing.ts';
import { ensureSerialGateIndexes, onSerialGateEvent, SERIAL_GATE_EVENTS } from './serial-gates.ts';
import { optionalCaller, servingFor, type ServingDeps } from './serving/access.ts';
import { mediaGuard } from './serving/media-guard.ts';
import { draftRoutes } from './serving/draft-routes.ts';
import { characterErrors } from './errors.ts';

/**
 * The same schema under proto's named type: inferring the reply type from the
 * whole character graph is too deep for TypeScript (TS2589) inside Fastify's route types.
 */
const PlayableReply = Type.Unsafe<PlayableCharacter>(PlayableCharacter);

/** The poster may be reused a while without asking: the standby clip or the avatar seldom changes (then the ETag revalidates it). */
const POSTER_CACHE = 'public, max-age=300';

/** Catalog: characters, the playable character with its media URLs, and the media files themselves. */
export const catalogPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config, env, standalone }) => {
  await ensureJwt(app, config.JWT_SECRET);
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before catalog is mounted');
  // A character's SPJ key and google_key are sealed in the store; a missing or malformed key or IV stops the start here.
  const credentials = await credentialsFor({ keys: config, dataDir: config.DATA_DIR, standalone: standalone === true });
  const characters = openCharacters(platform.store);
  const files = platform.files;
  const entitlements = createEntitlements({ service: 'catalog', secret: config.JWT_SECRET });
  const serving: ServingDeps = {
    store: platform.store,
    entitlements,
    signing: createMediaSigning(config.JWT_SECRET),
    filesPrefix: FILES_PREFIX,
  };
  const consumers: Array<{ close(): Promise<void> }> = [];
  app.addHook('onReady', async () => {
    await ensureCatalogIndexes(platform.store);
    await ensureSerialGateIndexes(platform.store);
    await ensureVersionIndexes(platform.store);
    await ensureTestIndexes(platform.store);
    await entitlements.ensureIndexes(platform.store);
    const sealed = await sealStoredCredentials(platform.store, credentials);
    if (sealed > 0) platform.logger.info({ characters: sealed }, 'credentials stored in clear were sealed');
    consumers.push(
      await platform.events.consume('catalog-serial-gates', SERIAL_GATE_EVENTS, (event, tx) =>
        onSerialGateEvent(tx, event),
      ),
    );
    // After subscribing: engagement announces its batches and redemptions again, rebuilding the gates whatever the bus still holds.
    await platform.events.publish('facts.requested', 'engagement', { owner: 'engagement', by: 'catalog' });
    // Consumer group catalog-entitlements: purchases, subscriptions and deletions decide who gets the whole dialogue.
    consumers.push(await entitlements.consume(platform.events));
    // Services keeping a projection of catalog's facts ask for them on start; catalog announces them again (facts-announce.ts).
    consumers.push(await consumeFactsRequests(platform.store, platform.events));
    // Before the seed: on a new store there is nothing to re-announce, and a seeded character announces itself.
    const backfilled = await announceBillingFactsOnce(platform.store, platform.events);
    if (backfilled) platform.logger.info(backfilled, 'groups and published characters announced to billing');
    const seeded = await seedDemoCharacter(platform);
    if (seeded.inserted.length > 0 || seeded.copied > 0 || seeded.drafted > 0)
      platform.logger.info(seeded, 'demo characters seeded');
  });
  app.addHook('onClose', async () => {
    for (const consumer of consumers.splice(0)) await consumer.close();
  });
  // Clips and subtitles of priced characters are served only by signed URLs (serving/media-guard.ts).
  serveFiles(app, { files, prefix: FILES_PREFIX, guard: mediaGuard(platform.store, config.JWT_SECRET) });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/catalog/healthz',
    { schema: { tags: ['catalog'], summary: 'catalog service alive', response: { 200: ServiceAlive } } },
    async () => ({ ok: true as const, service: 'catalog' }),
  );
  api.get(
    '/api/characters',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Published characters (slug, name, avatar URL)',
        response: { 200: CharacterList },
      },
    },
    async () => {
      const items = await characters.find({ published_at: { $ne: null } }, { sort: { published_at: -1 }, limit: 200 });
      return { ok: true as const, characters: items.map((c) => summaryOf(c, files)) };
    },
  );
  api.get(
    '/api/character/:character_id/get',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'A published character ready to play (blocks, videos with URLs, settings, subtitles), or its preview for a caller who may not play it',
        params: CharacterIdParams,
        querystring: PlayableQuery,
        response: { 200: PlayableReply },
      },
    },
    async (request, reply) => {
      const found = await characters.findOne({ _id: request.params.character_id });
      if (!found) throw characterErrors.notFound();
      return playableOf(
        found,
        files,
        await servingFor(serving, found, await optionalCaller(request), request.query.ticket_use_token, reply),
      );
    },
  );
  api.get(
    '/api/characters/by-slug/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A published character ready to play by its URL name, or its preview',
        params: CharacterSlugParams,
        querystring: PlayableQuery,
        response: { 200: PlayableReply },
      },
    },
    async (request, reply) => {
      const found = await characters.findOne({ slug: request.params.slug, published_at: { $ne: null } });
      if (!found) throw characterErrors.notFound();
      return playableOf(
        found,
        files,
        await servingFor(serving, found, await optionalCaller(request), request.query.ticket_use_token, reply),
      );
    },
  );
  // The page of /full/chat/{slug} preloads and paints this URL before any script
  // runs (gateway/src/chat-page.ts): one stable address per character whatever
  // its media, so the browser's cache and the later <img> share it. It answers
  // the image itself: a redirect would cost a round trip on the LCP's path.
  api.get(
    '/api/characters/by-slug/:slug/poster',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'The poster of a published character: the first frame of its standby clip, or its avatar (the image, cacheable for 5 minutes, ETag)',
        params: CharacterSlugParams,
      },
    },
    async (request, reply) => {
      const found = await characters.findOne({ slug: request.params.slug, published_at: { $ne: null } });
      if (!found) throw characterErrors.notFound();
      const poster = await posterFileOf(found, files);
      if (!poster) throw characterErrors.noPoster();
      return sendStoredFile(request, reply, files, poster, POSTER_CACHE);
    },
  );
  const framings = new FramingCache();
  // Linked from the page of /full/chat/{slug} beside the poster (gateway/src/chat-page.ts): how to frame it on a
  // portrait phone in the first paint, before any script. Cached as the poster is; an unknown slug frames nothing.
  api.get(
    '/api/characters/by-slug/:slug/framing.css',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'How the page of /full/chat/{slug} frames the standby poster on a portrait phone before any script: a stylesheet (cover around the figure, or the whole frame); empty when the character has no poster',
        params: CharacterSlugParams,
      },
    },
    async (request, reply) => {
      reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', POSTER_CACHE);
      const found = await characters.findOne({ slug: request.params.slug, published_at: { $ne: null } });
      const poster = found?.dialogue ? await posterFileOf(found, files) : undefined;
      if (!found?.dialogue || !poster) return '';
      const framing = await framings.get(files, poster, found.dialogue.setting.landscape_mode).catch((err: unknown) => {
        request.log.warn({ err, slug: request.params.slug }, 'the poster could not be read for its framing');
        return null;
      });
      return framing ? framingCss(request.params.slug, framing) : '';
    },
  );
  const standbyChanges = createStandbyChanges((err, characterId) =>
    platform.logger.error({ err, characterId }, 'continuity re-check after a standby change failed'),
  );
  app.addHook('onClose', () => standbyChanges.idle());
  await app.register(draftRoutes, { serving: { ...serving, files, events: platform.events } });
  await app.register(authoringRoutes, { platform, config, env, credentials, standbyChanges });
  await app.register(mediaRoutes, { platform, config, env, standbyChanges });
  await app.register(taxonomyRoutes, { platform });
};
