import type { FastifyPluginAsync } from 'fastify';
import type { CatalogDeps } from '../deps.ts';
import { categoryRoutes } from './category-routes.ts';
import { taxonomyCharacterRoutes } from './character-routes.ts';
import { groupRoutes } from './group-routes.ts';
import { menuRoutes } from './menu-routes.ts';

/** Categories and groups: admin routes (SPEC.md §7 groups, categories, full area) and the public menu. */
export const taxonomyRoutes: FastifyPluginAsync<CatalogDeps> = async (app, deps) => {
  await app.register(categoryRoutes, deps);
  await app.register(groupRoutes, deps);
  await app.register(taxonomyCharacterRoutes, deps);
  await app.register(menuRoutes, deps);
};
