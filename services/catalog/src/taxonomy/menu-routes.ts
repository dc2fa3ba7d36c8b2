import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { CatalogMenu, CatalogTheme, ThemeParams } from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { catalogMenu, catalogTheme } from './menu.ts';

const tags = ['catalog'];

/** The public menu the consumer pages (/full/main_menu, /full/select_chat, /theme/{category}) list characters from. */
export const menuRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/catalog/menu',
    {
      schema: {
        tags,
        summary: 'Categories → groups → published characters, plus the published characters in no group',
        response: { 200: CatalogMenu },
      },
    },
    async () => catalogMenu(platform.store, platform.files),
  );
  api.get(
    '/api/catalog/theme/:category',
    {
      schema: {
        tags,
        summary: 'One category (by slug) with its groups and published characters',
        params: ThemeParams,
        response: { 200: CatalogTheme },
      },
    },
    async (request) => ({
      ok: true as const,
      category: await catalogTheme(platform.store, platform.files, request.params.category),
    }),
  );
};
