import type { FastifyPluginAsync } from 'fastify';
import type { CatalogDeps } from '../deps.ts';

/** Admin media: videos, avatars, subtitles, media info and the continuity check. */
export const mediaRoutes: FastifyPluginAsync<CatalogDeps> = async () => {};
