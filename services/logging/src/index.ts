import type { ServiceModule } from '@talkwith/platform';
import { LoggingConfig } from './config.ts';
import { loggingPlugin } from './plugin.ts';

export const loggingService: ServiceModule = {
  name: 'logging',
  prefixes: ['/api/logging', '/api/admin/logs'],
  plugin: loggingPlugin,
  configSchema: LoggingConfig,
};
export default loggingService;
