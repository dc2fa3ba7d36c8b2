import type { CatalogMenu, CatalogTheme } from '@talkwith/proto/catalog';
import { api } from '../../api/index.ts';

/** The public menu of published characters (GET /api/catalog/menu, /api/catalog/theme/{slug}). */
export const catalogApi = api.enhanceEndpoints({ addTagTypes: ['CatalogMenu'] }).injectEndpoints({
  endpoints: (build) => ({
    catalogMenu: build.query<CatalogMenu, void>({ query: () => 'catalog/menu', providesTags: ['CatalogMenu'] }),
    catalogTheme: build.query<CatalogTheme, string>({
      query: (slug) => `catalog/theme/${encodeURIComponent(slug)}`,
      providesTags: ['CatalogMenu'],
    }),
  }),
});

export const { useCatalogMenuQuery, useCatalogThemeQuery } = catalogApi;
