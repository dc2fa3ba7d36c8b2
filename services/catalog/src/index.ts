import type { ServiceModule } from '@talkwith/platform';
import { CatalogConfig } from './config.ts';
import { catalogPlugin } from './plugin.ts';

export const catalogService: ServiceModule = {
  name: 'catalog',
  prefixes: [
    '/api/catalog',
    '/api/characters',
    '/api/character',
    '/api/admin/characters',
    '/api/admin/blocks',
    '/api/admin/groups',
    '/api/admin/categories',
    '/api/admin/full/categories',
    '/api/admin/full/groups',
    '/api/admin/full/characters',
    '/api/admin/project',
    '/api/admin/translate',
    '/files',
  ],
  plugin: catalogPlugin,
  configSchema: CatalogConfig,
};
export default catalogService;
export { seedDemoTaxonomy } from './demo-taxonomy.ts';
