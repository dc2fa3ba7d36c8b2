import type { ServiceModule } from '@talkwith/platform';
import { catalogPlugin } from './plugin.ts';

export const catalogService: ServiceModule = {
  name: 'catalog',
  prefixes: ['/api/catalog', '/api/characters', '/api/admin/characters'],
  plugin: catalogPlugin,
};
export default catalogService;
