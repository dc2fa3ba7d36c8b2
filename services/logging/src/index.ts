import type { ServiceModule } from '@talkwith/platform';
import { loggingPlugin } from './plugin.ts';

export const loggingService: ServiceModule = {
  name: 'logging',
  prefixes: ['/api/logging', '/api/admin/logs'],
  plugin: loggingPlugin,
};
export default loggingService;
