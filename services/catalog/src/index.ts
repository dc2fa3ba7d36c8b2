import type { ServiceModule } from '@talkwith/platform';
import { catalogPlugin } from './plugin.ts';

export const catalogService: ServiceModule = {
  name: 'catalog',
  prefixes: ['/api/catalog', '/api/characters', '/api/character', '/api/admin/characters', '/files'],
  plugin: catalogPlugin,
};
export default catalogService;
