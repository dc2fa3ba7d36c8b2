import type { FastifyPluginAsync } from 'fastify';
import type { CatalogDeps } from '../deps.ts';
import { blockRoutes } from './block-routes.ts';
import { characterRoutes } from './character-routes.ts';
import { importRoutes } from './import-routes.ts';

/** Admin authoring of characters, settings and blocks (SPEC.md §7 Admin: Characters, Blocks; services/catalog/API.md). */
export const authoringRoutes: FastifyPluginAsync<CatalogDeps> = async (app, deps) => {
  await app.register(characterRoutes, deps);
  await app.register(blockRoutes, deps);
  await app.register(importRoutes, deps);
};
