import type { ServiceModule } from '@talkwith/platform';
import { engagementPlugin } from './plugin.ts';

export const engagementService: ServiceModule = {
  name: 'engagement',
  prefixes: ['/api/engagement', '/api/notifications', '/api/notification'],
  plugin: engagementPlugin,
};
export default engagementService;
