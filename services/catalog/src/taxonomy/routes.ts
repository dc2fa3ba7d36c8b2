import type { FastifyPluginAsync } from 'fastify';
import type { CatalogDeps } from '../deps.ts';

/** Categories and groups: admin routes (SPEC.md §7 groups, categories, full area) and the public menu. */
export const taxonomyRoutes: FastifyPluginAsync<CatalogDeps> = async () => {};
